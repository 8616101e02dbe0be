package history

import (
	"math"
	"os"
	"sync/atomic"

	"github.com/mcpscope/mcpscope/mcp"
)

// A live session being recorded need not hold its records twice, once in
// the file and once in memory: the Log the screen reads can read them back
// from the recording as it is written, as a replay's does (source.go). The
// Recorder knows where each line it writes starts and how long it is, so it
// indexes them for the Log's source as it writes, and counts what reached
// the file: a record whose line is still in the Recorder's buffer (at most
// flushDelay) stays in the Log's memory until it is on disk, and so does
// every record the file does not have as the session emitted it (one that
// failed to encode or to be written, or one the redactor changed: the
// screen's copy went through a redactor of its own, see Redacting).

// countingWriter counts the bytes that reached the file.
type countingWriter struct {
	f *os.File
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.f.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// offset is where the next line will start in the file; r.mu is held.
func (r *Recorder) offset() int64 { return r.written.Load() + int64(r.w.Buffered()) }

// tell indexes the line just written, which started at off, in the sources
// of the Logs reading this recording back; r.mu is held. A line longer than
// a replay would read back is not indexed: its record stays in memory.
func (r *Recorder) tell(rec *mcp.Record, off int64, redacted bool) {
	if len(r.srcs) == 0 {
		return
	}
	size := r.offset() - off
	if size > maxLine+2 {
		return
	}
	ref := lineRef{off: off, size: uint32(size), line: uint32(min(r.line, math.MaxUint32)), seq: rec.Seq, nanos: rec.Time.UnixNano()}
	live := r.srcs[:0]
	// A Log reading the file back holds its source while it reads: on a
	// mount that stopped answering, waiting for it is waiting for the disk.
	r.disk.start()
	for _, s := range r.srcs {
		if s.addWritten(ref, redacted) {
			live = append(live, s)
		}
	}
	r.disk.stop()
	clear(r.srcs[len(live):])
	r.srcs = live
}

// NewLog returns an empty Log for the records this Recorder writes from now
// on that reads them back from the recording instead of holding them: a
// live session recorded to a file costs tens of bytes of memory a record,
// as its replay does, however much the server sends. Records written
// before, records not yet on disk and records the file does not have as
// they were given (redacted, or not written) are kept in memory. Close the
// Log when done with it; it can read the file after the Recorder is closed.
// When the file cannot be opened for reading the Log holds its records.
func (r *Recorder) NewLog() *Log {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || r.err != nil {
		return NewLog()
	}
	src, err := openSource(r.path)
	if err != nil {
		return NewLog()
	}
	src.written = r.written
	r.srcs = append(r.srcs, src)
	return newLog(&fileStore{src: src, own: true})
}
