package android.content.res;

/** Stand-in: never built (see Resources). */
public abstract class TypedArray {
    public abstract boolean hasValue(int index);
    public abstract String getString(int index);
    public abstract float getFloat(int index, float defValue);
    public abstract int getChangingConfigurations();
    public abstract void recycle();
}
