package tp;

import android.animation.TimeInterpolator;

/**
 * A row's own timing on ValueAnimator's whole milliseconds (docs/NATIVE.md 4.5): the animator
 * gets startDelay floor(d) and duration ceil(r + D), r = d - floor(d) (d, D the row's delay
 * and duration in ms), and this interpolator turns its fraction back into the row's:
 * (f x ceil(r + D) - r) / D, clamped to [0, 1], then the row's own curve. At every frame (a
 * whole millisecond) the row then shows its value at the document's exact times, where a
 * rounded delay and duration would move it by up to half a millisecond.
 */
final class ExactMilliseconds implements TimeInterpolator {
    final long startDelay;
    final long duration;
    private final double remainder;
    private final double rowDuration;
    private final TimeInterpolator curve;

    ExactMilliseconds(double delaySeconds, double durationSeconds, TimeInterpolator curve) {
        double d = delaySeconds * 1000;
        double length = durationSeconds * 1000;
        startDelay = (long) Math.floor(d);
        remainder = d - startDelay;
        rowDuration = length;
        duration = Math.max(1, (long) Math.ceil(remainder + length));
        this.curve = curve;
    }

    @Override
    public float getInterpolation(float input) {
        double local = (double) input * duration - remainder;
        if (local <= 0) return curve.getInterpolation(0);
        if (local >= rowDuration) return curve.getInterpolation(1);
        return curve.getInterpolation((float) (local / rowDuration));
    }
}
