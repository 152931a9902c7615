// JNI entry of our android.graphics.Path stand-in: it rebuilds the path's verbs in the Skia
// stand-in and calls the platform's own approximate(), which the build extracts unmodified from
// Debian's core/jni/android/graphics/Path.cpp into path_flattening.inc.
#include <jni.h>

#include <map>
#include <vector>

#include "skia_standin.h"

namespace android {

class SkPathGlue {
public:
#include "path_flattening.inc"
};

}  // namespace android

extern "C" JNIEXPORT jfloatArray JNICALL Java_android_graphics_Path_nApproximate(
        JNIEnv* env, jclass clazz, jbyteArray verbs, jfloatArray points, jfloat acceptableError) {
    jsize verbCount = env->GetArrayLength(verbs);
    std::vector<jbyte> v(verbCount);
    env->GetByteArrayRegion(verbs, 0, verbCount, v.data());
    std::vector<jfloat> p(env->GetArrayLength(points));
    env->GetFloatArrayRegion(points, 0, static_cast<jsize>(p.size()), p.data());
    SkPath path;
    size_t i = 0;
    for (jbyte verb : v) {
        switch (verb) {
            case SkPath::kMove_Verb: path.moveTo(p[i], p[i + 1]); i += 2; break;
            case SkPath::kLine_Verb: path.lineTo(p[i], p[i + 1]); i += 2; break;
            case SkPath::kQuad_Verb: path.quadTo(p[i], p[i + 1], p[i + 2], p[i + 3]); i += 4; break;
            case SkPath::kCubic_Verb:
                path.cubicTo(p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5]);
                i += 6;
                break;
            default: SkASSERT(false);
        }
    }
    return android::SkPathGlue::approximate(env, clazz, reinterpret_cast<jlong>(&path), acceptableError);
}
