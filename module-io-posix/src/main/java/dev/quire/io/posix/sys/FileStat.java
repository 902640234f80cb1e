package dev.quire.io.posix.sys;

/**
 * What {@code fstat} says about an open file.
 *
 * @param device the file system's device number ({@code st_dev}): keys per-file-system decisions
 * @param inode the inode number
 * @param mode the type and permission bits ({@code st_mode})
 * @param size the size in bytes
 */
public record FileStat(long device, long inode, int mode, long size) {
    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;

    public boolean isRegularFile() {
        return (mode & S_IFMT) == S_IFREG;
    }
}
