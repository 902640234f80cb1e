package dev.quire.io.uring;

/**
 * What the process's shared rings have done: how many reads (and resubmissions of their remainders) went to the
 * kernel, in how many {@code io_uring_enter} calls, and how often a submitting thread had to wake the thread that
 * drives a ring. {@code submissions / enters} is the batching the ring got.
 *
 * @param submissions read requests handed to the kernel, remainders of short reads included
 * @param enters {@code io_uring_enter} calls
 * @param wakes times a submitting thread woke a ring's thread (one {@code eventfd} write)
 * @param shortReads completions that brought fewer bytes than asked, before the end of the range
 * @param retries enters or reads answered with {@code EINTR}, {@code EAGAIN} or {@code EBUSY} and tried again
 */
public record RingStats(long submissions, long enters, long wakes, long shortReads, long retries) {
    /** The counts since {@code earlier}, a snapshot taken before this one. */
    public RingStats minus(RingStats earlier) {
        return new RingStats(submissions - earlier.submissions, enters - earlier.enters, wakes - earlier.wakes,
                shortReads - earlier.shortReads, retries - earlier.retries);
    }

    public RingStats plus(RingStats other) {
        return new RingStats(submissions + other.submissions, enters + other.enters, wakes + other.wakes,
                shortReads + other.shortReads, retries + other.retries);
    }

    /** One line for logs. */
    public String summary() {
        return submissions + " reads submitted in " + enters + " io_uring_enter calls, " + wakes + " wake-ups, "
                + shortReads + " short reads, " + retries + " retries";
    }
}
