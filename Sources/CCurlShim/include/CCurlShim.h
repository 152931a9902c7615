// Non-variadic wrappers for libcurl's variadic calls, which Swift cannot call directly.
#ifndef CCURLSHIM_H
#define CCURLSHIM_H

#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback callback);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_getinfo_double(CURL *handle, CURLINFO info, double *value);

#endif
