package history

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// loadBatch is how many records the loader reads before handing them over;
// Load returns once the first batch is in.
const loadBatch = 1024

// Player replays a recording at its recorded pace. It runs no timers: the
// caller asks Due(now) on each tick of its own clock, which keeps playback
// testable and lets the UI drive it from its update loop. Records may still
// be loading while it plays. Safe for use by one goroutine besides the loader.
//
// A Player made by Load holds no records: the loader keeps where each one is
// in the file, and records are read back as they fall due. Feed them to a Log
// from NewLog, which reads them back from the same file when they are shown.
type Player struct {
	// Now is the clock Pause, Resume, SetSpeed, Step and JumpEnd read; Due
	// takes the time as an argument. Tests set a fake clock here.
	Now func() time.Time

	mu       sync.Mutex
	recs     []mcp.Record // NewPlayer's records; nil when src holds them
	messages int          // NewPlayer's records' messages (Messages)
	src      *source
	n        int // records loaded so far
	done     bool
	loadErr  error
	warnings warnings
	order    string // how many more records are out of order (Reader.orderNote)
	end      string // why the recording has no close (Reader.endNote)
	stop     chan struct{}
	finished chan struct{}
	header   Header

	pos     int
	speed   float64 // 0 means instant
	paused  bool
	started bool
	catchUp bool          // after JumpEnd: hand out whatever loads, at once
	base    time.Time     // when the playback clock was last set
	baseOff time.Duration // the recorded offset it was set to
}

// NewPlayer plays records already in memory.
func NewPlayer(h Header, recs []mcp.Record) *Player {
	p := newPlayer(h)
	p.recs = recs[:len(recs):len(recs)]
	p.n = len(recs)
	for i := range recs {
		if k := recs[i].Kind; k == mcp.KindSent || k == mcp.KindReceived {
			p.messages++
		}
	}
	p.done = true
	close(p.finished)
	return p
}

func newPlayer(h Header) *Player {
	return &Player{Now: time.Now, header: h, speed: 1, stop: make(chan struct{}), finished: make(chan struct{})}
}

// Load opens a recording and starts playing it while the rest loads: it
// returns once the header and the first records are in.
func Load(path string) (*Player, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	src, err := openSource(path)
	if err != nil {
		r.Close()
		return nil, err
	}
	p := newPlayer(r.Header())
	p.src = src
	ready := make(chan struct{})
	go p.load(r, ready)
	<-ready
	return p, nil
}

func (p *Player) load(r *Reader, ready chan struct{}) {
	defer close(p.finished)
	defer r.Close()
	var once sync.Once
	signal := func() { once.Do(func() { close(ready) }) }
	defer signal()
	seen, seenMore := 0, 0 // reader warnings already passed on
	hand := func(done bool, err error) {
		n := p.src.records()
		p.mu.Lock()
		p.n = n
		p.done, p.loadErr = done, err
		for _, w := range r.warnings.list[seen:] {
			p.warnings.add(w)
		}
		if r.warnings.more > seenMore {
			p.warnings.more += r.warnings.more - seenMore
			p.warnings.last = r.warnings.last
		}
		seen, seenMore = len(r.warnings.list), r.warnings.more
		p.warnings.order = r.warnings.order
		p.order = r.orderNote()
		if done {
			p.end = r.endNote()
		}
		p.mu.Unlock()
		signal()
	}
	count := 0
	err := p.src.index(r, func() bool {
		select {
		case <-p.stop:
			return false
		default:
		}
		if count++; count%loadBatch == 0 {
			hand(false, nil)
		}
		return true
	})
	hand(true, err)
}

// NewLog returns an empty Log for this recording's records: it reads them
// back from the file when they are shown instead of holding them. Append to
// it what the Player hands out, from the start (after Restart, use a new
// one). A Player of records in memory gives a Log that holds them.
func (p *Player) NewLog() *Log {
	if p.src == nil {
		return NewLog()
	}
	return newLog(&fileStore{src: p.src})
}

// Close stops loading and closes the recording; Logs from NewLog can no
// longer read records back after it.
func (p *Player) Close() error {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
	<-p.finished
	if p.src != nil {
		return p.src.Close()
	}
	return nil
}

// Wait blocks until the whole recording is loaded and returns the read
// error that ended loading early, if any.
func (p *Player) Wait() error {
	<-p.finished
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.loadErr
}

// Loaded says how many records are in and whether loading has finished.
func (p *Player) Loaded() (n int, done bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n, p.done
}

// Err is the read error that ended loading early, or a record that no
// longer reads back, if any.
func (p *Player) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.loadErr
}

// Warnings are the notes about damaged lines: the first hundred, and then
// how many more there were.
func (p *Player) Warnings() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := slices.Clone(p.warnings.all())
	for _, note := range []string{p.order, p.end} {
		if note != "" {
			out = append(out, note)
		}
	}
	return out
}

// StillRecording reports that another mcpscope was still recording the file
// when it was read to its end: the replay holds what was there then, and
// what was written since is not in it.
func (p *Player) StillRecording() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.end == stillRecordingNote
}

// Damaged is how many damaged lines the notes are about, listed or not:
// not those that say the order breaks or how the recording ends.
func (p *Player) Damaged() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.warnings.damaged()
}

// NotesSummary words what the notes are about in a few words, for a
// status line that cannot list them: "2 damaged lines skipped", "records
// out of order", how the recording ends, joined; "" when there are none.
func (p *Player) NotesSummary() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var parts []string
	switch n := p.warnings.damaged(); {
	case n == 1:
		parts = append(parts, "1 damaged line skipped")
	case n > 1:
		parts = append(parts, fmt.Sprintf("%d damaged lines skipped", n))
	}
	if p.warnings.order > 0 || p.order != "" {
		parts = append(parts, "records out of order")
	}
	if short := shortEndNote(p.end); short != "" {
		parts = append(parts, short)
	}
	return strings.Join(parts, ", ")
}

// Header is the recording's header.
func (p *Player) Header() Header { return p.header }
