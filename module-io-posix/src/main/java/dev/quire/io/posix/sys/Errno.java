package dev.quire.io.posix.sys;

/** The {@code errno} values Quire reacts to (the same numbers on every Linux architecture it supports). */
public final class Errno {
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int EOPNOTSUPP = 95;

    private Errno() {}

    /** The symbolic name of the values above, else {@code errno N}. */
    public static String name(int errno) {
        return switch (errno) {
            case ENOENT -> "ENOENT";
            case EINTR -> "EINTR";
            case EAGAIN -> "EAGAIN";
            case EINVAL -> "EINVAL";
            case ENOSYS -> "ENOSYS";
            case EOPNOTSUPP -> "EOPNOTSUPP";
            default -> "errno " + errno;
        };
    }
}
