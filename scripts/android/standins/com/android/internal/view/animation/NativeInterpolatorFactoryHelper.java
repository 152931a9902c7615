package com.android.internal.view.animation;

/**
 * Stand-in: the RenderThread's copies of interpolators are made only for animations that run on
 * the RenderThread (RenderNodeAnimator), which the documents never use.
 */
public final class NativeInterpolatorFactoryHelper {
    private static long none(String what) {
        throw new UnsupportedOperationException("no RenderThread interpolator in the player: " + what);
    }
    public static long createAccelerateDecelerateInterpolator() { return none("accelerateDecelerate"); }
    public static long createLinearInterpolator() { return none("linear"); }
    public static long createPathInterpolator(float[] x, float[] y) { return none("path"); }
}
