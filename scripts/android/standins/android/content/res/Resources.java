package android.content.res;

/** Stand-in: resources exist only for XML inflation, which the player never does. */
public class Resources {
    public TypedArray obtainAttributes(android.util.AttributeSet set, int[] attrs) {
        throw new UnsupportedOperationException("no resources in the player");
    }

    public final class Theme {
        public TypedArray obtainStyledAttributes(android.util.AttributeSet set, int[] attrs, int defStyleAttr, int defStyleRes) {
            throw new UnsupportedOperationException("no themes in the player");
        }
    }
}
