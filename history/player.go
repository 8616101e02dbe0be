package history

import (
	"errors"
	"io"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Speeds are the playback speeds Faster and Slower step through; past the
// last one is "instant".
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}

// MaxBatch caps the records one call of Due hands out, so a frame stays
// cheap however many records fall due at once.
const MaxBatch = 5000

// loadBatch is how many records the loader reads before handing them over;
// Load returns once the first batch is in.
const loadBatch = 1024

// Player replays a recording at its recorded pace. It runs no timers: the
// caller asks Due(now) on each tick of its own clock, which keeps playback
// testable and lets the UI drive it from its update loop. Records may still
// be loading while it plays. Safe for use by one goroutine besides the loader.
type Player struct {
	// Now is the clock Pause, Resume, SetSpeed, Step and JumpEnd read; Due
	// takes the time as an argument. Tests set a fake clock here.
	Now func() time.Time

	mu       sync.Mutex
	recs     []mcp.Record
	done     bool
	loadErr  error
	warnings []string
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
	p := newPlayer(r.Header())
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
	batch := make([]mcp.Record, 0, loadBatch)
	hand := func(done bool, err error) {
		p.mu.Lock()
		p.recs = append(p.recs, batch...)
		p.done, p.loadErr = done, err
		p.warnings = append([]string(nil), r.Warnings()...)
		p.mu.Unlock()
		batch = batch[:0]
		signal()
	}
	for {
		select {
		case <-p.stop:
			hand(true, nil)
			return
		default:
		}
		rec, err := r.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			hand(true, err)
			return
		}
		batch = append(batch, rec)
		if len(batch) == loadBatch {
			hand(false, nil)
		}
	}
}

// Close stops loading. Records loaded so far stay playable.
func (p *Player) Close() error {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
	<-p.finished
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
	return len(p.recs), p.done
}

// Err is the read error that ended loading early, if any.
func (p *Player) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.loadErr
}

// Warnings are the reader's notes about damaged lines.
func (p *Player) Warnings() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.warnings
}

// Header is the recording's header.
func (p *Player) Header() Header { return p.header }

// snapshot returns the records loaded so far; its elements never change.
func (p *Player) snapshot() ([]mcp.Record, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.recs, p.done
}

// offset is how far into the recording record i happened.
func offset(recs []mcp.Record, i int) time.Duration {
	if i <= 0 || len(recs) == 0 {
		return 0
	}
	return recs[i].Time.Sub(recs[0].Time)
}

// virtual is the recorded offset the playback clock shows at now.
func (p *Player) virtual(recs []mcp.Record, now time.Time) time.Duration {
	if p.speed == 0 {
		return offset(recs, p.pos-1)
	}
	if p.paused || !p.started {
		return p.baseOff
	}
	return p.baseOff + time.Duration(float64(now.Sub(p.base))*p.speed)
}

// rebase sets the playback clock to the last record handed out, so the next
// one comes after its recorded gap, not all at once or after a long wait.
func (p *Player) rebase(recs []mcp.Record) {
	p.baseOff = offset(recs, p.pos-1)
	p.base = p.Now()
	p.started = true
}

// Due hands out the records whose time has come at now: their recorded
// offset, divided by the speed, has passed on the playback clock, which stops
// while paused. At most MaxBatch at a time; the rest follow on the next call.
func (p *Player) Due(now time.Time) []mcp.Record {
	recs, done := p.snapshot()
	if p.paused || p.pos >= len(recs) {
		if done && p.pos >= len(recs) {
			p.catchUp = false
		}
		return nil
	}
	if !p.started {
		p.started = true
		p.base, p.baseOff = now, offset(recs, p.pos)
	}
	limit := min(len(recs), p.pos+MaxBatch)
	end := limit
	if p.speed != 0 && !p.catchUp {
		vt := p.virtual(recs, now)
		end = p.pos
		for end < limit && offset(recs, end) <= vt {
			end++
		}
	}
	out := recs[p.pos:end:end]
	p.pos = end
	if p.catchUp || p.speed == 0 {
		p.base, p.baseOff = now, offset(recs, p.pos-1)
	}
	return out
}

// Step hands out the next record, whatever its time, or nil at the end.
func (p *Player) Step() []mcp.Record {
	recs, _ := p.snapshot()
	if p.pos >= len(recs) {
		return nil
	}
	p.pos++
	p.rebase(recs)
	return recs[p.pos-1 : p.pos : p.pos]
}

// JumpEnd hands out everything not yet played; records still loading follow
// through Due at once.
func (p *Player) JumpEnd() []mcp.Record {
	recs, done := p.snapshot()
	out := recs[p.pos:len(recs):len(recs)]
	p.pos = len(recs)
	p.catchUp = !done
	p.rebase(recs)
	return out
}

// Restart goes back to the first record; the caller starts a new Log.
func (p *Player) Restart() {
	p.pos = 0
	p.started = false
	p.catchUp = false
	p.baseOff = 0
}

// Pause stops the playback clock.
func (p *Player) Pause() {
	if p.paused {
		return
	}
	recs, _ := p.snapshot()
	p.baseOff = p.virtual(recs, p.Now())
	p.paused = true
}

// Resume starts the playback clock again where it stopped.
func (p *Player) Resume() {
	if !p.paused {
		return
	}
	p.paused = false
	p.base = p.Now()
}

// Toggle pauses or resumes.
func (p *Player) Toggle() {
	if p.paused {
		p.Resume()
	} else {
		p.Pause()
	}
}

// SetSpeed sets the speed: 2 plays twice as fast; +Inf is instant. Other
// values that are not positive numbers are ignored.
func (p *Player) SetSpeed(x float64) {
	if math.IsNaN(x) || x <= 0 {
		return
	}
	if math.IsInf(x, 1) {
		x = 0
	}
	recs, _ := p.snapshot()
	p.baseOff = p.virtual(recs, p.Now())
	p.base = p.Now()
	p.speed = x
}

// Faster moves to the next speed step; past 64x is instant.
func (p *Player) Faster() {
	if p.speed == 0 {
		return
	}
	for _, s := range Speeds {
		if s > p.speed {
			p.SetSpeed(s)
			return
		}
	}
	p.SetSpeed(math.Inf(1))
}

// Slower moves to the previous speed step; instant goes back to 64x.
func (p *Player) Slower() {
	if p.speed == 0 {
		p.SetSpeed(Speeds[len(Speeds)-1])
		return
	}
	for i := len(Speeds) - 1; i >= 0; i-- {
		if Speeds[i] < p.speed {
			p.SetSpeed(Speeds[i])
			return
		}
	}
}

// Speed is the speed as shown: "0.25x", "1x", "64x" or "instant".
func (p *Player) Speed() string {
	if p.speed == 0 {
		return "instant"
	}
	return strconv.FormatFloat(p.speed, 'g', -1, 64) + "x"
}

// Position is how many records have been handed out.
func (p *Player) Position() int { return p.pos }

// Total is how many records are loaded (all of them once loading is done).
func (p *Player) Total() int {
	n, _ := p.Loaded()
	return n
}

// Paused reports whether the playback clock is stopped.
func (p *Player) Paused() bool { return p.paused }

// Done reports whether every record of the recording has been handed out.
func (p *Player) Done() bool {
	n, done := p.Loaded()
	return done && p.pos >= n
}
