package android.graphics;

import java.util.Arrays;

/**
 * Stand-in of the platform's Path: it records the verbs and points the animation classes give
 * it (moveTo, lineTo, quadTo, cubicTo) and flattens them with the platform's own native code
 * (Path.cpp's approximate, built from Debian's source by scripts/android-player.sh), through JNI.
 */
public class Path {
    static {
        System.loadLibrary("androidnative");
    }

    // SkPath's verb numbers, which the native side replays.
    private static final byte MOVE = 0, LINE = 1, QUAD = 2, CUBIC = 4;

    private byte[] mVerbs = new byte[8];
    private int mVerbCount;
    private float[] mPoints = new float[32];
    private int mPointCount;

    private void add(byte verb, float... coordinates) {
        if (mVerbCount == mVerbs.length) mVerbs = Arrays.copyOf(mVerbs, mVerbCount * 2);
        mVerbs[mVerbCount++] = verb;
        while (mPointCount + coordinates.length > mPoints.length) {
            mPoints = Arrays.copyOf(mPoints, mPoints.length * 2);
        }
        System.arraycopy(coordinates, 0, mPoints, mPointCount, coordinates.length);
        mPointCount += coordinates.length;
    }

    public void moveTo(float x, float y) { add(MOVE, x, y); }
    public void lineTo(float x, float y) { add(LINE, x, y); }
    public void quadTo(float x1, float y1, float x2, float y2) { add(QUAD, x1, y1, x2, y2); }
    public void cubicTo(float x1, float y1, float x2, float y2, float x3, float y3) {
        add(CUBIC, x1, y1, x2, y2, x3, y3);
    }

    public boolean isEmpty() {
        return mVerbCount == 0;
    }

    public void reset() {
        mVerbCount = 0;
        mPointCount = 0;
    }

    /** The platform's contract: (fraction of length, x, y) per point of the flattened path. */
    public float[] approximate(float acceptableError) {
        if (acceptableError < 0) throw new IllegalArgumentException("AcceptableError must be greater than or equal to 0");
        return nApproximate(Arrays.copyOf(mVerbs, mVerbCount), Arrays.copyOf(mPoints, mPointCount), acceptableError);
    }

    private static native float[] nApproximate(byte[] verbs, float[] points, float acceptableError);
}
