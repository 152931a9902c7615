package android.util;

/** Stand-in of the public API class: a named, typed property of an object. */
public abstract class Property<T, V> {
    private final String mName;
    private final Class<V> mType;

    public Property(Class<V> type, String name) {
        mName = name;
        mType = type;
    }

    public boolean isReadOnly() { return false; }
    public void set(T object, V value) { throw new UnsupportedOperationException("Property " + mName + " is read-only"); }
    public abstract V get(T object);
    public String getName() { return mName; }
    public Class<V> getType() { return mType; }
}
