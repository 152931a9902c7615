package com.android.internal;

/** Stand-in: the attribute indices PathInterpolator's XML constructor reads. */
public final class R {
    public static final class styleable {
        public static final int[] PathInterpolator = {0, 1, 2, 3, 4};
        public static final int PathInterpolator_controlX1 = 0;
        public static final int PathInterpolator_controlY1 = 1;
        public static final int PathInterpolator_controlX2 = 2;
        public static final int PathInterpolator_controlY2 = 3;
        public static final int PathInterpolator_pathData = 4;
    }
}
