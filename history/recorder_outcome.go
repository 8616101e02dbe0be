package history

import (
	"errors"
	"fmt"
	"sync"
)

// What Tee tells its onErr of a recording on a failing disk is the truth as
// it comes to be known: a disk that stops answering is said at once, as the
// recording falling behind (an *Unanswered, Behind), but that is not the
// end of it. A write the disk then fails (no space left on device) is said
// too, as it says why the recording is incomplete; a queue dropped past
// behindLimit is said as records certainly not written; and a disk that
// recovers, taking every record and the close, is said as a *Caveat: the
// records are whole. Said once, the first, a recording that was whole
// after all ended in "may be incomplete" and a failing exit, and a full
// disk behind a slow one was never named.

// NotWritten is the error of a recording that stopped because the records
// waiting for a disk that did not answer passed behindLimit: those, and
// every record after them, were not written. Unlike an *Unanswered, it is
// known to be incomplete.
type NotWritten struct {
	Path string
	// Records and Bytes are what was not written; Bytes is what the
	// records weighed in memory (mcp.Record.Weight), roughly their size.
	Records int
	Bytes   int64
}

// Error says the recording is incomplete, and by how much.
func (e *NotWritten) Error() string {
	return fmt.Sprintf("recording to %s is incomplete: %s", e.Path, e.Why())
}

// Why is what happened, without the path: for a list that names it.
func (e *NotWritten) Why() string {
	what := fmt.Sprintf("%d records", e.Records)
	if e.Records == 1 {
		what = "1 record"
	}
	return fmt.Sprintf("%s (about %s) were not written: %s, and the records waiting for it passed %s",
		what, FormatSize(e.Bytes), (&Unanswered{Wait: closeWait}).Why(), FormatSize(behindLimit))
}

// slowCaveat is what Tee says at the end of a recording it had said was
// falling behind, once every record reached the file and its close
// succeeded: the records are whole, the disk was only slow.
func slowCaveat(path string) *Caveat {
	return &Caveat{fmt.Sprintf("recording: %s for a while, but every record reached %s and was synced", (&Unanswered{Wait: closeWait}).Why(), path)}
}

// outcome passes what Tee learns of its recording on to onErr: the first
// error, and after a disk said to be falling behind, the first failure
// known (a write error, records not written) or, at the end, that the
// records are whole after all. Safe for use from any goroutine.
type outcome struct {
	mu     sync.Mutex
	onErr  func(error)
	said   bool // something was said
	behind bool // the disk was said to be falling behind
	failed bool // a failure known to have cut the recording was said
	// notWritten is set when what was said last is a *NotWritten, which
	// the end says again with the whole count.
	notWritten bool
}

// report says err unless it says nothing new: see outcome.
func (o *outcome) report(err error) {
	if err == nil || o.onErr == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	var u *Unanswered
	var nw *NotWritten
	unanswered, dropped := errors.As(err, &u), errors.As(err, &nw)
	switch {
	case !o.said:
	case dropped && (!o.failed || o.notWritten):
	case o.behind && !o.failed && !unanswered:
	default:
		return
	}
	o.said = true
	o.behind = o.behind || unanswered && u.Behind
	var c *Caveat
	if !unanswered && !errors.As(err, &c) {
		o.failed = true
	}
	o.notWritten = dropped
	// Under the lock: each says more than the one before, so they must
	// not cross.
	o.onErr(err)
}

// end reports what the close of the recording, closeErr, says of it, in
// the light of what was said before.
func (o *outcome) end(w *teeWriter, closeErr error) {
	if nw := w.notWritten(); nw != nil {
		// Whatever the close said: the records dropped are not in the
		// file.
		o.report(nw)
		return
	}
	o.mu.Lock()
	recovered := o.behind && !o.failed
	o.mu.Unlock()
	if recovered && closeErr == nil {
		closeErr = slowCaveat(w.rec.Path())
	}
	// A caveat of the close is said after falling behind too (report):
	// the records are whole; a close that did not answer says nothing new.
	o.report(closeErr)
}
