package com.android.internal.view.animation;

public interface NativeInterpolatorFactory {
    long createNativeInterpolator();
}
