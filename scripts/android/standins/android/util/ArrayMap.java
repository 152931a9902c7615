package android.util;

/** Stand-in: a map with the insertion order a small ArrayMap keeps for the callers here. */
public final class ArrayMap<K, V> extends java.util.LinkedHashMap<K, V> {
    public ArrayMap() { super(); }
    public ArrayMap(int capacity) { super(Math.max(capacity, 1)); }
}
