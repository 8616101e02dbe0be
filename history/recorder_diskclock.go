package history

import (
	"io"
	"sync/atomic"
	"time"
)

// The bound on a disk that stops answering (closeWait) is a bound on the
// disk's time: how long one write, sync or close has been in flight. A
// record's line of tens of megabytes takes a busy machine seconds of its
// own to escape and copy, in short writes the disk takes at once, and
// timed as a whole it was said as "the disk did not answer within 2s", the
// recording "may be incomplete", on a disk that answered every write.

// stallWait is closeWait, read once by each Tee's writer as it is made: a
// test shortens it while writers of tests before it may still run.
var stallWait = closeWait

// stallBackstop is how many stallWaits a record may take whatever the
// clock says: a wait the clock does not see (a lock a reader of the file
// holds while its read hangs on the same mount) still ends in the
// recording said behind, and a quit that is not kept for ever. A record's
// own work, tens of megabytes escaped, takes a busy machine seconds, not
// this.
const stallBackstop = 10

// diskClock says since when the file has been in a write, sync or close.
type diskClock struct {
	since atomic.Int64 // unix nanoseconds; 0 when no call is in flight
}

// in runs call, timing it as the disk's.
func (c *diskClock) in(call func() error) error {
	c.start()
	defer c.stop()
	return call()
}

// start and stop time what runs between them as the disk's.
func (c *diskClock) start() { c.since.Store(time.Now().UnixNano()) }
func (c *diskClock) stop()  { c.since.Store(0) }

// waited is how long the call in flight has waited for the disk, 0 when
// none is.
func (c *diskClock) waited() time.Duration {
	since := c.since.Load()
	if since == 0 {
		return 0
	}
	return time.Duration(time.Now().UnixNano() - since)
}

// clockedWriter times each write to w as the disk's.
type clockedWriter struct {
	clock *diskClock
	w     io.Writer
}

func (c clockedWriter) Write(p []byte) (n int, err error) {
	c.clock.in(func() error {
		n, err = c.w.Write(p)
		return err
	})
	return n, err
}
