package android.view.animation;

import android.os.SystemClock;

/**
 * Stand-in of the animation clock: during a frame it is locked to the frame time, as the
 * platform's Choreographer does; otherwise it is the uptime clock.
 */
public class AnimationUtils {
    private static boolean sLocked;
    private static long sFrameTimeMillis;

    public static void lockAnimationClock(long vsyncMillis) {
        sLocked = true;
        sFrameTimeMillis = vsyncMillis;
    }

    public static void unlockAnimationClock() {
        sLocked = false;
    }

    public static long currentAnimationTimeMillis() {
        return sLocked ? sFrameTimeMillis : SystemClock.uptimeMillis();
    }
}
