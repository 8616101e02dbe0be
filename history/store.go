package history

import (
	"fmt"
	"slices"
	"sort"

	"github.com/mcpscope/mcpscope/mcp"
)

// store keeps the records a Log indexed, by entry: the n-th record the Log
// kept (records folded into a run of keep-alives are not kept).
type store interface {
	// put keeps r as the next entry and returns a pointer to it that stays
	// valid for as long as it is held.
	put(r *mcp.Record) *mcp.Record
	// folded tells the store that r was appended but folded into a run.
	folded(r *mcp.Record)
	// runBytes is the bytes of the first n blocks of the run of keep-alives
	// entry i begins, as its recording says, when the store knows them
	// (a replay's index does: source.runBytes).
	runBytes(i, n int) (int64, bool)
	// get returns entry i. The record must not be changed.
	get(i int) *mcp.Record
	// view is what get sees of the entries kept so far, for reading from
	// another goroutine while the Log keeps growing.
	view() func(i int) *mcp.Record
	len() int
	Close() error
}

// memStore holds the records themselves: a live session not recorded to a
// file, and Logs built from records in memory. Records are kept by value in
// blocks that never move, so a pointer handed out stays valid and growing
// the log never copies what it holds; their payloads are shared with the
// session's, not copied.
type memStore struct{ recs chunked[mcp.Record] }

func (m *memStore) put(r *mcp.Record) *mcp.Record   { return m.recs.add(*r) }
func (m *memStore) folded(*mcp.Record)              {}
func (m *memStore) runBytes(int, int) (int64, bool) { return 0, false }
func (m *memStore) get(i int) *mcp.Record           { return m.recs.at(i) }
func (m *memStore) len() int                        { return m.recs.n }

// view copies the list of blocks, not the records: blocks never move, and
// entries are never rewritten once kept.
func (m *memStore) view() func(int) *mcp.Record {
	blocks := append([][]mcp.Record(nil), m.recs.blocks...)
	return func(i int) *mcp.Record { return &blocks[i>>chunkBits][i&(1<<chunkBits-1)] }
}
func (m *memStore) Close() error { return nil }

// fileStore reads records back from the recording they were played from:
// an entry is a position in the source (4 bytes), and the record is decoded
// again when asked. A record appended that is not the source's next one (a
// Log fed from elsewhere) is kept in memory instead.
//
// Reading back the recording being written (Recorder.NewLog), a record the
// file does not have as the session emitted it is kept in memory too, and
// a record whose line is not on disk yet is kept in recent until it is.
type fileStore struct {
	src    *source
	own    bool    // Close closes src
	pos    []int32 // source position of each entry; -1-k for mem entry k
	kinds  []uint8 // each entry's kind (kindCode), for what stands in for one unreadable (unreadable.go)
	next   int     // the source position the next record should have
	mem    chunked[mcp.Record]
	recent []recentEntry // oldest first
}

// recentEntry is an entry whose line the recorder has not flushed yet.
type recentEntry struct {
	entry int
	end   int64 // where its line ends in the file
	rec   *mcp.Record
}

// seekWindow is how far ahead of the expected position put looks for the
// record: lines that failed to decode in between are not in the source.
const seekWindow = 8

func (f *fileStore) put(r *mcp.Record) *mcp.Record {
	f.prune()
	f.kinds = append(f.kinds, kindCode(r.Kind))
	if p, ok := f.match(r); ok {
		f.next = p + 1
		if f.src.asEmitted(p) {
			cp := *r
			if ref := f.src.ref(p); !f.src.onDisk(ref.off + int64(ref.size)) {
				f.recent = append(f.recent, recentEntry{entry: len(f.pos), end: ref.off + int64(ref.size), rec: &cp})
			}
			f.pos = append(f.pos, int32(p))
			return &cp
		}
	}
	f.pos = append(f.pos, int32(-1-f.mem.n))
	return f.mem.add(*r)
}

// prune lets go of the recent entries that are on disk now.
func (f *fileStore) prune() {
	k := 0
	for k < len(f.recent) && f.src.onDisk(f.recent[k].end) {
		k++
	}
	if k == 0 {
		return
	}
	n := copy(f.recent, f.recent[k:])
	clear(f.recent[n:])
	f.recent = f.recent[:n]
}

// recentRecord is entry i when it is among recent.
func recentRecord(recent []recentEntry, i int) *mcp.Record {
	if len(recent) == 0 || i < recent[0].entry {
		return nil
	}
	k, ok := slices.BinarySearchFunc(recent, i, func(e recentEntry, i int) int { return e.entry - i })
	if !ok {
		return nil
	}
	return recent[k].rec
}

func (f *fileStore) folded(r *mcp.Record) {
	if p, ok := f.match(r); ok {
		f.next = p + 1
	}
}

func (f *fileStore) runBytes(i, n int) (int64, bool) {
	if p := f.pos[i]; p >= 0 {
		return f.src.runBytes(int(p), n)
	}
	return 0, false
}

// match finds r among the source's next records by its Seq and time: a
// file edited by hand may repeat a seq, and a line between them that is
// indexed but reads back as no record (span skips it, and nothing puts it)
// would otherwise match the next record shown, and every later entry read
// back the line after its own.
func (f *fileStore) match(r *mcp.Record) (int, bool) {
	n := f.src.len()
	for p := f.next; p < n && p < f.next+seekWindow; p++ {
		if f.src.ref(p).is(r) {
			return p, true
		}
	}
	return f.matchFurther(r, n)
}

// matchFurther finds r past the window in the recording being written,
// whose records rise by Seq. Tee passes records on before they are written
// while the disk holds the recorder up (recorder_behind.go): those are kept
// in memory, and once the writer catches up the next record is further on
// than the window; found only there, every later record stayed in memory
// for the rest of the session.
func (f *fileStore) matchFurther(r *mcp.Record, n int) (int, bool) {
	lo := f.next + seekWindow
	if f.src.written == nil || lo >= n {
		return 0, false
	}
	p := lo + sort.Search(n-lo, func(k int) bool { return f.src.ref(lo+k).seq >= r.Seq })
	if p < n && f.src.ref(p).is(r) {
		return p, true
	}
	return 0, false
}

// is reports whether l is the line of r: the same seq and time.
func (l lineRef) is(r *mcp.Record) bool {
	return l.seq == r.Seq && l.nanos == r.Time.UnixNano()
}

func (f *fileStore) get(i int) *mcp.Record {
	p := f.pos[i]
	if p < 0 {
		return f.mem.at(int(-1 - p))
	}
	f.prune()
	if r := recentRecord(f.recent, i); r != nil {
		return r
	}
	return readBack(f.src, int(p), f.kinds[i])
}

// readBack is the record at source position p, an entry of the kind
// numbered code. When the file changed under the replay, what it said is
// gone, so that is said where the record would be; so it is when the line
// holds a record of another kind: a file edited to repeat a seq and time
// leaves nothing to tell its lines apart by before they are read back, and
// what the screen draws of an entry is what its kind holds.
func readBack(src *source, p int, code uint8) *mcp.Record {
	r, err := src.record(p)
	if err == nil && code != 0 && int(code) < len(kindCodes) && r.Kind != kindCodes[code] {
		ref := src.ref(p)
		err = fmt.Errorf("line %d holds a %s record where a %s record was shown: the recording repeats seq %d at one time, so its lines cannot be told apart", ref.line, r.Kind, kindCodes[code], ref.seq)
	}
	if err != nil {
		return unreadable(code, src.ref(p), err)
	}
	return r
}

func (f *fileStore) len() int { return len(f.pos) }

// view reads through the source, which locks its own reads, from a copy of
// the positions kept so far.
func (f *fileStore) view() func(int) *mcp.Record {
	pos := f.pos[:len(f.pos):len(f.pos)]
	kinds := f.kinds[:len(f.kinds):len(f.kinds)]
	mem := append([][]mcp.Record(nil), f.mem.blocks...)
	recent := slices.Clone(f.recent)
	src := f.src
	return func(i int) *mcp.Record {
		p := pos[i]
		if p < 0 {
			k := int(-1 - p)
			return &mem[k>>chunkBits][k&(1<<chunkBits-1)]
		}
		if r := recentRecord(recent, i); r != nil {
			return r
		}
		return readBack(src, int(p), kinds[i])
	}
}

func (f *fileStore) Close() error {
	if f.own {
		return f.src.Close()
	}
	return nil
}
