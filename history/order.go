package history

import (
	"fmt"
	"time"
)

// A recording's records are written in the order the session emitted them,
// each with a larger seq than the one before. A file whose lines were
// sorted, reversed, moved by hand or joined from two recordings breaks
// that, and the pairing and the panes, which follow the file's order, then
// showed nonsense without a word. The reader says where the order first
// breaks and how often it does after. Times are not checked: a record's
// time is when its bytes arrived, stamped before it is numbered, so a
// live recording's times can go back a little from one line to the next.

// order remembers the last record read, to see the next go back.
type order struct {
	seq    int64
	t      time.Time
	line   int
	seen   bool
	warned bool
	more   int // records out of order after the one warned about
}

// seqTimed is a record's skeleton that knows its place.
type seqTimed interface{ place() (int64, time.Time) }

func (s *lineSummary) place() (int64, time.Time)   { return s.Seq, s.Time }
func (s *recordSummary) place() (int64, time.Time) { return s.Seq, s.Time }

// inOrder checks the record just read on line r.line against the one
// before it, warning the first time the order breaks and counting the rest.
func (r *Reader) inOrder(seq int64, t time.Time) {
	o := &r.order
	// Record 1 begins a numbering of its own: the proxy's one recording
	// of the run's GETs before initialize holds session after session,
	// each whole and numbered from 1.
	if o.seen && seq <= o.seq && seq != 1 {
		if o.warned {
			o.more++
		} else {
			o.warned = true
			r.warnings.addOrder(fmt.Sprintf("line %d is out of order: record %d (%s) comes after record %d (%s) on line %d; the file was edited or joined, and is shown in its order",
				r.line, seq, clockOf(t), o.seq, clockOf(o.t), o.line))
		}
	}
	o.seq, o.t, o.line, o.seen = seq, t, r.line, true
}

// orderNote counts the records out of order after the first, "" if none.
func (r *Reader) orderNote() string {
	if r.order.more == 0 {
		return ""
	}
	return fmt.Sprintf("%d more records are out of order", r.order.more)
}

func clockOf(t time.Time) string {
	if t.IsZero() {
		return "no time"
	}
	return t.UTC().Format("2006-01-02 15:04:05.000")
}
