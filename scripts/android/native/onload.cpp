// Registers the platform's PropertyValuesHolder natives (its own JNI file, built unmodified from
// Debian's source), as the zygote does on a device, when the player loads the library.
#include <jni.h>

namespace android {
int register_android_animation_PropertyValuesHolder(JNIEnv* env);
}

extern "C" JNIEXPORT jint JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_6) != JNI_OK) return JNI_ERR;
    android::register_android_animation_PropertyValuesHolder(env);
    return JNI_VERSION_1_6;
}
