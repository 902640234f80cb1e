package dev.quire.io.posix.sys;

/** The {@code errno} values Quire reacts to (the same numbers on every Linux architecture it supports). */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int ETIME = 62;
    public static final int EOPNOTSUPP = 95;
    public static final int EALREADY = 114;
    public static final int ECANCELED = 125;

    private Errno() {}

    /** The symbolic name of the values above, else {@code errno N}. */
    public static String name(int errno) {
        return switch (errno) {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case EINTR -> "EINTR";
            case EBADF -> "EBADF";
            case EAGAIN -> "EAGAIN";
            case ENOMEM -> "ENOMEM";
            case EFAULT -> "EFAULT";
            case EBUSY -> "EBUSY";
            case EEXIST -> "EEXIST";
            case EINVAL -> "EINVAL";
            case ENOSYS -> "ENOSYS";
            case ETIME -> "ETIME";
            case EOPNOTSUPP -> "EOPNOTSUPP";
            case EALREADY -> "EALREADY";
            case ECANCELED -> "ECANCELED";
            default -> "errno " + errno;
        };
    }
}
