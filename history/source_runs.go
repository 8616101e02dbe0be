package history

import (
	"bufio"
	"bytes"
	"io"
	"sort"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server flooding keep-alives leaves a line per keep-alive in its
// recording, each the one before but for its seq and time: ten minutes of a
// flood are tens of millions of lines. Indexing each (a lineRef, 32 bytes)
// cost a replay or an export gigabytes for what the screen shows as one row
// with a count (Log.fold), and what the live index keeps as one entry
// (Recorder.Write). A source keeps such a run as the live index does: its
// first line is an entry, spotted by the recorder's own rule
// (keepAliveLine), and the repeats that follow are a count and the last
// one's seq and time.
//
// A run whose keep-alives differ (`: ping 1`, `: ping 2`) is kept the same
// way, and also where its last line is: the Log shows a run's first and
// newest text, so the newest is read back as it is, not as the first.
//
// The Player still counts every record (records, time, span take record
// positions), so its pace, its position and what the Log counts are what
// they were. A repeat is handed out as its run's first record in its own
// place: the last one with its own seq and time (and its own line when it
// differs), those between with theirs spread evenly from the first's to
// the last's (knowing each line's own would mean indexing each). Their
// bytes are not the first's when the lines differ in length, so the run
// keeps its blocks' byte total, which the Log counts (runBytes): a
// replay's status bar says the bytes the live one did.

// lineRun is a run of keep-alives: entry is the index entry of its first
// line, which is record at; n records in all, the first included; last is
// where its last line is, varies whether any differs from the first;
// first is the first block's bytes and bytes all of its blocks'; id is
// where the newest block with an id is, record idK of the run (0: none
// but the first), read back as it is: its id is the Last-Event-ID in
// effect, which the Log shows.
type lineRun struct {
	entry, at, n       int
	lastSeq, lastNanos int64
	last               lineRef
	varies             bool
	first, bytes       int64
	id                 lineRef
	idK                int
}

// runStep is what reading a line tells of the run of keep-alives before
// it: whether it joins it, whether its line is not the run's first line
// again, and the bytes of the block before it and its own.
type runStep struct {
	folds, differs, hasID bool
	prev, size            int64
}

// repeat is the seq and time (Unix nanoseconds) given to repeat k (1 to
// n-1) of a run whose first line is first.
func (ru lineRun) repeat(k int, first lineRef) (seq, nanos int64) {
	if k >= ru.n-1 {
		return ru.lastSeq, ru.lastNanos
	}
	spread := float64(ru.lastNanos-first.nanos) * float64(k) / float64(ru.n-1)
	return min(first.seq+int64(k), ru.lastSeq), first.nanos + int64(spread)
}

// repeats says whether the record r just read, with this seq, time and
// kind, joins the run of keep-alives before it (foldsInto), and whether its
// line differs from the run's first; it remembers the record for the next
// line when it is a keep-alive. rec is the record when it was decoded; nil
// decodes a line that may be a keep-alive.
func (s *source) repeats(r *Reader, seq int64, t time.Time, kind mcp.Kind, rec *mcp.Record) runStep {
	line := r.raw
	if line == nil || kind != mcp.KindEvent {
		s.keep.forget()
		return runStep{}
	}
	if s.keep.repeats(line, seq, t) {
		size := int64(len(s.keep.ev.Raw))
		return runStep{folds: true, hasID: s.keep.ev.HasID, prev: size, size: size}
	}
	if rec == nil {
		if !mayBeKeepAlive(line) {
			s.keep.forget()
			return runStep{}
		}
		var d decoder
		got, err := d.decode(line)
		if err != nil {
			s.keep.forget()
			return runStep{}
		}
		rec = &got
	}
	step := runStep{folds: s.keep.follows(rec)}
	if step.folds {
		step.differs, step.hasID = true, rec.Event.HasID
		step.prev, step.size = int64(len(s.keep.ev.Raw)), int64(len(rec.Event.Raw))
	}
	s.keep.remember(rec, encodedLine{text: [][]byte{line}})
	return step
}

// mayBeKeepAlive is the cheap test of an event's line before it is decoded
// to see whether it is a block a run can hold (bareKeepAlive, any block an
// EventSource would not dispatch: comments, a retry field alone, a line it
// ignores, an id alone): it holds no data, in none of the ways a diskEvent stores it
// ("data", "data_at", "data_from_raw"). A key follows { or , where the same
// words in a string are escaped (\"data).
func mayBeKeepAlive(line []byte) bool {
	return !bytes.Contains(line, []byte(`,"data`)) && !bytes.Contains(line, []byte(`{"data`))
}

// fold counts the record r just read, with this seq and time, into the
// run of the last entry, which it joins, as step says.
func (s *source) fold(r *Reader, seq int64, t time.Time, step runStep) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recs++
	last := readRef(r, seq, t)
	if k := len(s.runs); k > 0 && s.runs[k-1].entry == s.idx.n-1 {
		ru := &s.runs[k-1]
		ru.n++
		ru.lastSeq, ru.lastNanos, ru.last = seq, t.UnixNano(), last
		ru.varies = ru.varies || step.differs
		ru.bytes += step.size
		if step.hasID {
			ru.id, ru.idK = last, ru.n-1
		}
		return
	}
	ru := lineRun{entry: s.idx.n - 1, at: s.recs - 2, n: 2, lastSeq: seq, lastNanos: t.UnixNano(), last: last,
		varies: step.differs, first: step.prev, bytes: step.prev + step.size}
	if step.hasID {
		ru.id, ru.idK = last, 1
	}
	s.runs = append(s.runs, ru)
}

// runBytes is the bytes of the first n blocks of the run entry e begins,
// as a replay hands them out (those between its first and its newest as
// the first): all of them once the newest is out. False when e begins no
// run.
func (s *source) runBytes(e, n int) (int64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := sort.Find(len(s.runs), func(j int) int { return e - s.runs[j].entry })
	if !ok {
		return 0, false
	}
	ru := s.runs[j]
	if n >= ru.n {
		return ru.bytes, true
	}
	return min(int64(n)*ru.first, ru.bytes), true
}

// records is how many records are indexed so far, repeats included.
func (s *source) records() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.recs
}

// place is where record i is: its entry, and which record of that entry's
// run it is (k, 0 for the entry's own line) with the run; s.mu is held.
func (s *source) place(i int) (entry, k int, ru lineRun) {
	j := sort.Search(len(s.runs), func(j int) bool { return s.runs[j].at > i }) - 1
	if j < 0 {
		return i, 0, lineRun{}
	}
	ru = s.runs[j]
	if i < ru.at+ru.n {
		return ru.entry, i - ru.at, ru
	}
	return ru.entry + 1 + i - (ru.at + ru.n), 0, lineRun{}
}

// placed is place with s.mu taken, and the entry's lineRef.
func (s *source) placed(i int) (ref lineRef, entry, k int, ru lineRun) {
	s.mu.Lock()
	defer s.mu.Unlock()
	entry, k, ru = s.place(i)
	return *s.idx.at(entry), entry, k, ru
}

// time is record i's time, for pacing.
func (s *source) time(i int) time.Time {
	ref, _, k, ru := s.placed(i)
	nanos := ref.nanos
	if k > 0 {
		_, nanos = ru.repeat(k, ref)
	}
	return time.Unix(0, nanos)
}

// repeated is repeat k of the run whose first record, entry e, is first
// (nil: read it back).
func (s *source) repeated(first *mcp.Record, e, k int, ru lineRun) (mcp.Record, error) {
	if first == nil {
		r, err := s.record(e)
		if err != nil {
			return mcp.Record{}, err
		}
		first = r
	}
	rec := *first
	seq, nanos := ru.repeat(k, s.ref(e))
	rec.Seq, rec.Time = seq, time.Unix(0, nanos).In(first.Time.Location())
	return rec, nil
}

// skipTo moves br, at pos in the file, on to off: lines the index left out
// (damaged, or a run's repeats) lie between. A long way is sought, not read.
func (s *source) skipTo(br *bufio.Reader, pos, off int64) error {
	if off-pos <= int64(br.Size()) {
		_, err := br.Discard(int(off - pos))
		return err
	}
	br.Reset(io.NewSectionReader(s.f, off, 1<<62))
	return nil
}
