// Our stand-in of the platform's utils/misc.h: only the array-length macro is used here.
#pragma once
#include <cstring>
#define NELEM(x) ((int) (sizeof(x) / sizeof((x)[0])))
