// Our stand-in of the platform's JNI registration helper, for the platform's
// android_animation_PropertyValuesHolder.cpp (compiled unmodified).
#pragma once

#include <jni.h>

#include <cstdio>
#include <cstdlib>

namespace android {

static inline int RegisterMethodsOrDie(JNIEnv* env, const char* className,
                                       const JNINativeMethod* methods, int count) {
    jclass clazz = env->FindClass(className);
    if (clazz == nullptr || env->RegisterNatives(clazz, methods, count) < 0) {
        std::fprintf(stderr, "cannot register the natives of %s\n", className);
        std::abort();
    }
    return 0;
}

}  // namespace android
