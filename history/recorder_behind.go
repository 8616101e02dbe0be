package history

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A disk that stops answering mid-session (an NFS server gone, a USB disk
// pulled) blocks the flush that meets it, holding the recorder's lock, and
// every Write after it. Tee once wrote each record itself: it stopped, the
// screen behind it got nothing more, and quitting hung, since Tee never
// saw its input close. So Tee hands the records to a writer of their own,
// through a queue bounded by weight, and never waits for the disk; a write
// or flush that takes closeWait is said as the recording falling behind.

// behindLimit bounds what the queue of records not yet written may weigh
// (mcp.Record.Weight): past it the recording stops, and the records are
// only on the screen, which holds what the file does not (recorder_live.go).
const behindLimit = 64 << 20

// teeWriter writes the records Tee passes on to the recording on its own
// goroutine.
type teeWriter struct {
	rec    *Recorder
	report func(error) // reports once, from any goroutine
	mu     sync.Mutex
	queue  []queued
	weight int
	closed bool // Tee's input ended: the writer closes the recording
	// dropped is set when the queue went past behindLimit: nothing more
	// is written, as a recording with a hole would read back wrong.
	dropped bool
	// alone is the weight of the batches taken past behindLimit because
	// nothing else waited (see add), which the bound does not count.
	alone int
	// lost and lostWeight count the records not written since the queue
	// was dropped, for NotWritten.
	lost       int
	lostWeight int64
	writing    bool // the writer holds batches taken from the queue
	wake       chan struct{}
	done       chan error // the recording's Close, once the queue is written
	// slow is signalled when one record has waited writtenWait for the
	// disk, for Tee to stop waiting for the writer until it catches up.
	slow chan struct{}
	// progress counts the records written, for close to wait on a disk
	// that is slow but answers.
	progress atomic.Int64
	// inRecord is set while a record is being written, since recordAt
	// (unix nanoseconds), for stallCheck.
	inRecord atomic.Bool
	recordAt atomic.Int64
	// stallWait is the package's, read once (see writtenWait).
	stallWait time.Duration
	// slowWatch and stallWatch fire when the record being written has
	// waited writtenWait and closeWait.
	slowWatch, stallWatch *time.Timer
	// writtenWait is the package's, read once: a test may set it while
	// the writers of tests before it still run.
	writtenWait time.Duration
}

func newTeeWriter(rec *Recorder, report func(error)) *teeWriter {
	w := &teeWriter{rec: rec, report: report, wake: make(chan struct{}, 1), done: make(chan error, 1), slow: make(chan struct{}, 1), writtenWait: writtenWait, stallWait: stallWait}
	w.slowWatch = time.AfterFunc(time.Hour, func() {
		select {
		case w.slow <- struct{}{}:
		default:
		}
	})
	w.slowWatch.Stop()
	w.stallWatch = time.AfterFunc(time.Hour, w.stallCheck)
	w.stallWatch.Stop()
	go w.run()
	return w
}

// queued is a batch waiting for the writer; done is closed once it is
// written, or will not be.
type queued struct {
	batch  []mcp.Record
	weight int
	done   chan struct{}
	alone  bool // taken past behindLimit with nothing else waiting
}

// add queues batch for the recording, without waiting for the disk, and
// returns a channel closed once it is written or will not be.
func (w *teeWriter) add(batch []mcp.Record) <-chan struct{} {
	done := make(chan struct{})
	weight := 0
	for i := range batch {
		weight += batch[i].Weight()
	}
	w.mu.Lock()
	// A batch heavier than the bound on its own (one event near
	// --max-event-size) is taken when nothing else waits: the disk is
	// not behind, the batch is in memory already, and dropping it stopped
	// the recording of every session that received one. It is not counted
	// against the bound, so the records after it still queue; one more
	// such batch before it is written is the disk behind.
	alone := w.weight == 0 && weight > behindLimit
	switch {
	case w.dropped:
		w.lose(batch, weight)
		close(done)
	case !alone && w.weight-w.alone+weight > behindLimit:
		for _, q := range w.queue {
			w.lose(q.batch, q.weight)
			close(q.done)
		}
		w.lose(batch, weight)
		w.dropped, w.queue, w.weight, w.alone = true, nil, 0, 0
		close(done)
		w.mu.Unlock()
		w.report(w.notWritten())
		return done
	default:
		w.queue = append(w.queue, queued{batch, weight, done, alone})
		w.weight += weight
		if alone {
			w.alone += weight
		}
	}
	w.mu.Unlock()
	w.poke()
	return done
}

// lose counts batch as not written; w.mu is held.
func (w *teeWriter) lose(batch []mcp.Record, weight int) {
	w.lost += len(batch)
	w.lostWeight += int64(weight)
}

// notWritten is the error of the records dropped so far, or nil when none
// were.
func (w *teeWriter) notWritten() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dropped {
		return nil
	}
	return &NotWritten{Path: w.rec.Path(), Records: w.lost, Bytes: w.lostWeight}
}

// idle reports whether everything queued is written.
func (w *teeWriter) idle() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.queue) == 0 && !w.writing
}

// close ends the recording once what is queued is written, giving up with
// an *Unanswered when the disk took no record for wait; the writer goes on
// in the background.
func (w *teeWriter) close(wait time.Duration) error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.poke()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	seen, moved := w.progress.Load(), time.Now()
	for {
		select {
		case err := <-w.done:
			return err
		case <-timer.C:
			now := w.progress.Load()
			if now != seen {
				seen, moved = now, time.Now()
				timer.Reset(wait)
				continue
			}
			waited := w.rec.disk.waited()
			if waited >= wait || time.Since(moved) >= stallBackstop*wait {
				return &Unanswered{Path: w.rec.Path(), Wait: wait}
			}
			// The writer is busy with a record of its own (a big line
			// escaped and copied), or the disk's call began since.
			timer.Reset(wait - waited)
		}
	}
}

// drainSlow forgets a slow record's signal Tee did not take.
func (w *teeWriter) drainSlow() {
	select {
	case <-w.slow:
	default:
	}
}

func (w *teeWriter) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// behind is the error of a recording whose disk stopped answering while
// the session went on.
func (w *teeWriter) behind() error {
	return &Unanswered{Path: w.rec.Path(), Wait: w.stallWait, Behind: true}
}

// stallCheck runs when the record being written has taken stallWait: the
// recording is behind if the disk has kept one call that long, and is
// looked at again when the call in flight would reach it otherwise.
func (w *teeWriter) stallCheck() {
	if !w.inRecord.Load() {
		return // written as the watch fired
	}
	if waited := w.rec.disk.waited(); waited < w.stallWait && time.Since(time.Unix(0, w.recordAt.Load())) < stallBackstop*w.stallWait {
		w.stallWatch.Reset(w.stallWait - waited)
		return
	}
	w.report(w.behind())
}

func (w *teeWriter) run() {
	for {
		w.mu.Lock()
		batches, closed := w.queue, w.closed
		w.queue = nil
		w.writing = len(batches) > 0
		w.mu.Unlock()
		for _, q := range batches {
			w.write(q)
			// Weighed until written, not until taken: the batches the
			// writer holds while the disk hangs count towards the bound,
			// which otherwise let twice behindLimit wait in memory.
			w.mu.Lock()
			if !w.dropped {
				w.weight -= q.weight
				if q.alone {
					w.alone -= q.weight
				}
			}
			w.mu.Unlock()
			close(q.done)
		}
		w.mu.Lock()
		w.writing = false
		w.mu.Unlock()
		if closed && len(batches) == 0 {
			w.done <- w.rec.Close()
			return
		}
		if len(batches) > 0 {
			continue // more may have come while these were written
		}
		select {
		case <-w.wake:
		case <-w.rec.flushFailed:
			w.report(w.rec.writeErr())
		case <-w.rec.stalled:
			w.report(w.behind())
		}
	}
}

// write writes one batch, saying so when the disk keeps a record closeWait.
func (w *teeWriter) write(q queued) {
	w.mu.Lock()
	dropped := w.dropped
	if dropped {
		// Taken before the queue was dropped, so not counted then.
		w.lose(q.batch, q.weight)
	}
	w.mu.Unlock()
	if dropped {
		return
	}
	for _, r := range q.batch {
		w.slowWatch.Reset(w.writtenWait)
		w.recordAt.Store(time.Now().UnixNano())
		w.inRecord.Store(true)
		w.stallWatch.Reset(w.stallWait)
		err := w.rec.Write(r)
		w.inRecord.Store(false)
		w.slowWatch.Stop()
		w.stallWatch.Stop()
		w.progress.Add(1)
		w.report(err)
	}
}

// writtenWait is how long a record may wait for the disk before Tee stops
// waiting for the writer and passes batches on regardless: a disk keeping
// up takes far less, and one that does not should not stop the screen.
// Until the writer has caught up, Tee waits no more. A var for the tests
// whose premise is a disk that keeps up, which on a loaded machine under
// -race a writer starved of CPU for 250ms does not.
var writtenWait = 250 * time.Millisecond
