package android.util;

/** Stand-in: path data strings come only from XML resources, which the player never inflates. */
public final class PathParser {
    /** Stand-in: vector path data, morphed only by inflated vector animations. */
    public static final class PathData {
        public PathData() {}
        public PathData(PathData other) {}
        public PathData(String pathString) {
            throw new UnsupportedOperationException("path data is not parsed by the player: " + pathString);
        }
    }

    public static android.graphics.Path createPathFromPathData(String pathData) {
        throw new UnsupportedOperationException("path data is not parsed by the player: " + pathData);
    }
}
