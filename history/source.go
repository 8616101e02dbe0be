package history

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// source is a recording read back by position: the file itself is the store.
// A loader reads the file once and keeps where each record's line is (about
// 32 bytes a record, and a run of repeated keep-alives as one: see
// source_runs.go); records are decoded again when asked, and the few
// asked for lately are cached. A million-record recording costs tens of
// megabytes this way, where holding the records costs the file's size
// several times over. Safe for concurrent use.
type source struct {
	f    *os.File
	path string

	mu    sync.Mutex
	idx   chunked[lineRef]
	cache recordCache
	buf   []byte // line buffer for reads under mu

	// runs are the runs of repeated keep-alives, in order, and recs counts
	// the records indexed, repeats included (source_runs.go); keep is the
	// keep-alive read last, whose repeats make a run.
	runs []lineRun
	recs int
	keep keepAliveLine

	// A recording being written (recorder_live.go): written counts the
	// bytes on disk so far (nil: the file is whole), differs holds the
	// records whose line is not the record as the session emitted it, and
	// closed tells the Recorder to index no more.
	written *atomic.Int64
	differs map[int]struct{}
	closed  bool

	// messages counts the JSON-RPC messages indexed (records sent or
	// received), which a replay's empty Pairs pane says are to come.
	messages int

	// red redacts a legacy recording's records as they are handed out
	// (see legacyRedactor); the cache holds them as written, since a
	// message's bytes are found in its event's.
	red *redactor
}

// lineRef is where a record's line is, and what pacing and lookups need
// without reading it.
type lineRef struct {
	off   int64  // where the line starts
	size  uint32 // its length, its end included: at most maxLine and its end
	line  uint32 // its number in the file, for warnings a person can find
	seq   int64
	nanos int64 // the record's time, Unix nanoseconds
}

// openSource opens path for reading back; records are added by load.
func openSource(path string) (*source, error) {
	f, err := openRecording(path)
	if err != nil {
		return nil, err
	}
	return &source{f: f, path: path, cache: newRecordCache()}, nil
}

// load reads every record of r, indexing each and handing it to each (which
// returns false to stop). It returns the read error that ended it early.
func (s *source) load(r *Reader, each func(mcp.Record) bool) error {
	red, err := r.legacy()
	if err != nil {
		return err
	}
	s.red = red
	for {
		rec, err := r.nextAsWritten()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if step := s.repeats(r, rec.Seq, rec.Time, rec.Kind, &rec); step.folds {
			s.fold(r, rec.Seq, rec.Time, step)
		} else {
			s.add(r, rec.Seq, rec.Time, rec.Kind)
			s.offer(s.len()-1, rec)
		}
		if !each(shown(s.red, rec)) {
			return nil
		}
	}
}

// offer hands the cache a record decoded for someone else.
func (s *source) offer(i int, rec mcp.Record) {
	if rec.Weight() > bigRecord {
		s.mu.Lock()
		s.cache.offer(i, &rec)
		s.mu.Unlock()
	}
}

// lineSummary is what indexing needs of a record.
type lineSummary struct {
	Seq   int64     `json:"seq"`
	Time  time.Time `json:"time"`
	Kind  mcp.Kind  `json:"kind"`
	State stateSkim `json:"state"`
}

// index reads where every record of r is without decoding any payload: a
// line costs the same to index whatever it holds. each is called after each
// record and returns false to stop. A line that turns out not to decode
// when it is read back is skipped then (see span).
func (s *source) index(r *Reader, each func() bool) error {
	red, err := r.legacy()
	if err != nil {
		return err
	}
	s.red = red
	for {
		var sum lineSummary
		err := r.skimNext(&sum)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if step := s.repeats(r, sum.Seq, sum.Time, sum.Kind, nil); step.folds {
			s.fold(r, sum.Seq, sum.Time, step)
		} else {
			s.add(r, sum.Seq, sum.Time, sum.Kind)
		}
		if !each() {
			return nil
		}
	}
}

// add indexes the record r just read, and counts it among the messages
// when it is one.
func (s *source) add(r *Reader, seq int64, t time.Time, kind mcp.Kind) {
	s.mu.Lock()
	s.idx.add(readRef(r, seq, t))
	s.recs++
	if kind == mcp.KindSent || kind == mcp.KindReceived {
		s.messages++
	}
	s.mu.Unlock()
}

// readRef is where the record r just read, with this seq and time, is.
func readRef(r *Reader, seq int64, t time.Time) lineRef {
	return lineRef{off: r.at, size: uint32(r.size), line: uint32(min(int64(r.line), math.MaxUint32)), seq: seq, nanos: t.UnixNano()}
}

// Close closes the file.
func (s *source) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return s.f.Close()
}

// addWritten indexes a line a Recorder just wrote, and reports false when
// the source is closed and wants no more; redacted says the line does not
// read back as the record the session emitted.
func (s *source) addWritten(ref lineRef, redacted bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	if redacted {
		if s.differs == nil {
			s.differs = make(map[int]struct{})
		}
		s.differs[s.idx.n] = struct{}{}
	}
	s.idx.add(ref)
	s.recs++
	return true
}

// asEmitted reports whether record i reads back as the session emitted it.
func (s *source) asEmitted(i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.differs[i]
	return !ok
}

// onDisk reports whether a line ending at end can be read back yet.
func (s *source) onDisk(end int64) bool { return s.written == nil || end <= s.written.Load() }

// len is how many entries are indexed so far: records, a run of repeated
// keep-alives counted once.
func (s *source) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.idx.n
}

// ref returns where entry i is.
func (s *source) ref(i int) lineRef {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.idx.at(i)
}

// record returns entry i, from the cache or read back from the file. The
// record is shared: callers must not change it.
func (s *source) record(i int) (*mcp.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, err := s.recordLocked(i)
	if err != nil || s.red == nil {
		return rec, err
	}
	red := s.red.view(*rec)
	return &red, nil
}

func (s *source) recordLocked(i int) (*mcp.Record, error) {
	if r := s.cache.get(i); r != nil {
		return r, nil
	}
	ref := *s.idx.at(i)
	line, err := s.readLine(ref, &s.buf)
	if err != nil {
		return nil, err
	}
	d := decoder{find: func(seq int64) (string, error) { return s.eventDataLocked(i, seq) }}
	rec, err := s.decodeBack(ref, line, &d, &s.buf)
	if err != nil {
		return nil, err
	}
	s.cache.put(i, &rec)
	return &rec, nil
}

// decodeBack decodes line, read back into *buf from where ref indexed a
// record, as that record: a file emptied or rewritten under the reader is
// said, not shown as this record. One large line does not keep its buffer
// for the rest.
func (s *source) decodeBack(ref lineRef, line []byte, d *decoder, buf *[]byte) (mcp.Record, error) {
	if len(line) > 0 && line[0] == 0 {
		// A file emptied while it was written on reads back zeros where
		// its lines were: the writer goes on at its own offset.
		return mcp.Record{}, fmt.Errorf("%s was emptied while it was read back: line %d is no longer there (only zeros where it was)", s.path, ref.line)
	}
	rec, err := d.decode(line)
	if n := cap(*buf); n > bigBuffer {
		*buf = nil
		collectAfter(n)
	}
	if err != nil {
		return mcp.Record{}, fmt.Errorf("%s: line %d no longer reads back (%s): was it overwritten?", s.path, ref.line, lineProblem(line, err))
	}
	if err := s.same(ref, &rec); err != nil {
		return mcp.Record{}, err
	}
	return rec, nil
}

// same checks that a line read back is the record indexed there: a file
// rewritten under the reader can hold another whole record at the same
// place, and showing it as this one would be a lie.
func (s *source) same(ref lineRef, rec *mcp.Record) error {
	if rec.Seq == ref.seq && rec.Time.UnixNano() == ref.nanos {
		return nil
	}
	return fmt.Errorf("%s changed while it was read: line %d now holds record %d, not record %d (was it overwritten?)", s.path, ref.line, rec.Seq, ref.seq)
}

// maxRefDistance bounds how far back eventDataLocked looks. The writer
// points a message only into the event right before it, or before the
// messages of its batch, so a forged recording pointing nowhere costs a
// bounded search per record, not one through the whole file.
const maxRefDistance = 1 << 16

// eventDataLocked is the data of the event record with this seq, the
// nearest before record i: the one a message of record i points into.
func (s *source) eventDataLocked(i int, seq int64) (string, error) {
	for j := i - 1; j >= 0 && j >= i-maxRefDistance; j-- {
		if s.idx.at(j).seq != seq {
			continue
		}
		r, err := s.recordLocked(j)
		if err != nil {
			return "", err
		}
		if r.Event == nil {
			return "", fmt.Errorf("raw_of names record %d, which is not an event", seq)
		}
		return string(r.Event.Data), nil
	}
	return "", fmt.Errorf("raw_of names event record %d, which is not among the %d records before it", seq, maxRefDistance)
}

// readLine reads a record's line, without its end, into *buf.
func (s *source) readLine(ref lineRef, buf *[]byte) ([]byte, error) {
	if cap(*buf) < int(ref.size) {
		*buf = make([]byte, ref.size)
	}
	b := (*buf)[:ref.size]
	if _, err := s.f.ReadAt(b, ref.off); err != nil {
		return nil, s.readErr(ref, err)
	}
	return trimLineEnd(b), nil
}

// readErr says why a line indexed earlier cannot be read back. Its end
// lying past the end of the file means something cut the file short while
// it was replayed, or, for a session being recorded, while it was written.
func (s *source) readErr(ref lineRef, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		while := "replayed"
		if s.written != nil {
			while = "recorded"
		}
		return fmt.Errorf("%s got shorter while it was %s: line %d is no longer there (was it overwritten?)", s.path, while, ref.line)
	}
	return fmt.Errorf("cannot read %s: %w", s.path, err)
}

// trimLineEnd takes \n or \r\n off a line.
func trimLineEnd(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

// span decodes records [from, to) (record positions, repeats of a run
// included) in order: what playback hands out next. It reads the file
// sequentially and leaves the cache alone, so playing a recording through
// never evicts what the screen shows. A line that does not decode (index
// accepted it from its skeleton) is left out, with a warning; err is a read
// error, which ends the span at next.
func (s *source) span(from, to int) (out []mcp.Record, warnings []string, next int, err error) {
	if from >= to {
		return nil, nil, to, nil
	}
	first, _, _, _ := s.placed(from)
	br := bufio.NewReaderSize(io.NewSectionReader(s.f, first.off, 1<<62), 256<<10)
	pos := first.off
	var buf []byte
	out = make([]mcp.Record, 0, to-from)
	d := decoder{}
	var last *mcp.Record // the entry decoded last, whose repeats may follow
	lastEntry := -1
	for i := from; i < to; i++ {
		ref, e, k, ru := s.placed(i)
		if k > 0 && k != ru.idK && (k < ru.n-1 || !ru.varies) {
			if lastEntry != e {
				last = nil
			}
			rec, err := s.repeated(last, e, k, ru)
			if err != nil {
				return out, warnings, i, err
			}
			out = append(out, rec)
			continue
		}
		switch {
		case k > 0 && k == ru.n-1:
			// The newest of a run whose lines differ, read as it is.
			ref = ru.last
		case k > 0:
			// The run's newest block with an id, whose id a reconnect
			// sends, read as it is.
			ref = ru.id
		}
		if ref.off != pos {
			if err := s.skipTo(br, pos, ref.off); err != nil {
				return out, warnings, i, s.readErr(ref, err)
			}
			pos = ref.off
		}
		line, err := readN(br, int64(ref.size), &buf)
		if err != nil {
			return out, warnings, i, s.readErr(ref, err)
		}
		pos += int64(ref.size)
		d.find = func(seq int64) (string, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			return s.eventDataLocked(e, seq)
		}
		line = trimLineEnd(line)
		rec, err := d.decode(line)
		if n := cap(buf); n > bigBuffer {
			buf = nil
			collectAfter(n)
		}
		if err == nil {
			err = s.same(ref, &rec)
		}
		if err != nil {
			warnings = append(warnings, notARecord(int(ref.line), line, err))
			continue
		}
		out = append(out, shown(s.red, rec))
		if k == 0 {
			s.offer(e, rec)
			last, lastEntry = &out[len(out)-1], e
		}
	}
	return out, warnings, to, nil
}

// readN reads exactly n bytes from br into *buf.
func readN(br *bufio.Reader, n int64, buf *[]byte) ([]byte, error) {
	if int64(cap(*buf)) < n {
		*buf = make([]byte, n)
	}
	b := (*buf)[:n]
	_, err := io.ReadFull(br, b)
	return b, err
}

// LoadLog reads a whole recording into a Log that reads the records back
// from the file when asked: exporting a recording holds one record at a
// time, however large. Warnings describe damaged lines that were skipped.
// Close the Log when done.
func LoadLog(path string) (log *Log, h Header, warnings []string, err error) {
	r, err := Open(path)
	if err != nil {
		return nil, Header{}, nil, err
	}
	defer r.Close()
	src, err := openSource(path)
	if err != nil {
		return nil, Header{}, nil, err
	}
	l := newLog(&fileStore{src: src, own: true})
	if err := src.load(r, func(rec mcp.Record) bool { l.Append(rec); return true }); err != nil {
		l.Close()
		return nil, r.Header(), r.Warnings(), err
	}
	return l, r.Header(), r.Warnings(), nil
}
