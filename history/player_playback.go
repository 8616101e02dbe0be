package history

import (
	"math"
	"strconv"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Speeds are the playback speeds Faster and Slower step through; past the
// last one is "instant".
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}

// MaxBatch caps the records one call of Due hands out, so a frame stays
// cheap however many records fall due at once.
const MaxBatch = 5000

// timeAt is record i's time.
func (p *Player) timeAt(i int) time.Time {
	if p.src != nil {
		return p.src.time(i)
	}
	return p.recs[i].Time
}

// offset is how far into the recording record i happened.
func (p *Player) offset(i int) time.Duration {
	if i <= 0 {
		return 0
	}
	return p.timeAt(i).Sub(p.timeAt(0))
}

// take hands out records [p.pos, to), read back from the file when it holds
// them, and moves p.pos past them. A read error ends the recording there:
// the file changed under the replay.
func (p *Player) take(to int) []mcp.Record {
	from := p.pos
	if p.src == nil {
		p.pos = to
		return p.recs[from:to:to]
	}
	out, warnings, next, err := p.src.span(from, to)
	p.pos = next
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, w := range warnings {
		p.warnings.add(w)
	}
	if err != nil {
		p.loadErr, p.n, p.done = err, next, true
	}
	return out
}

// virtual is the recorded offset the playback clock shows at now.
func (p *Player) virtual(now time.Time) time.Duration {
	if p.speed == 0 {
		return p.offset(p.pos - 1)
	}
	if p.paused || !p.started {
		return p.baseOff
	}
	return p.baseOff + time.Duration(float64(now.Sub(p.base))*p.speed)
}

// rebase sets the playback clock to the last record handed out, so the next
// one comes after its recorded gap, not all at once or after a long wait.
func (p *Player) rebase() {
	p.baseOff = p.offset(p.pos - 1)
	p.base = p.Now()
	p.started = true
}

// Due hands out the records whose time has come at now: their recorded
// offset, divided by the speed, has passed on the playback clock, which stops
// while paused. At most MaxBatch at a time; the rest follow on the next call.
func (p *Player) Due(now time.Time) []mcp.Record {
	n, done := p.Loaded()
	if p.paused || p.pos >= n {
		if done && p.pos >= n {
			p.catchUp = false
		}
		return nil
	}
	if !p.started {
		p.started = true
		p.base, p.baseOff = now, p.offset(p.pos)
	}
	limit := min(n, p.pos+MaxBatch)
	end := limit
	if p.speed != 0 && !p.catchUp {
		vt := p.virtual(now)
		end = p.pos
		for end < limit && p.offset(end) <= vt {
			end++
		}
	}
	out := p.take(end)
	if p.catchUp || p.speed == 0 {
		p.base, p.baseOff = now, p.offset(p.pos-1)
	}
	return out
}

// Until is how long from now, at the current speed, until the next record
// is due: zero when one is due, when paused or instant, or at the end. A
// recording may hold a gap of hours (a laptop asleep) or years (a clock
// set wrong); the UI says so rather than seem stuck.
func (p *Player) Until(now time.Time) time.Duration {
	n, _ := p.Loaded()
	if p.paused || p.speed == 0 || !p.started || p.pos >= n {
		return 0
	}
	gap := p.offset(p.pos) - p.virtual(now)
	if gap <= 0 {
		return 0
	}
	wait := float64(gap) / p.speed
	if wait >= math.MaxInt64 {
		// Centuries played slowly overflow a Duration, which would come
		// out negative and hide the wait.
		return math.MaxInt64
	}
	return time.Duration(wait)
}

// Step hands out the next record, whatever its time, or nil at the end.
func (p *Player) Step() []mcp.Record {
	n, _ := p.Loaded()
	if p.pos >= n {
		return nil
	}
	out := p.take(p.pos + 1)
	p.rebase()
	return out
}

// JumpEnd hands out the next MaxBatch records at once; the rest, and records
// still loading, follow through Due at once, MaxBatch a call.
func (p *Player) JumpEnd() []mcp.Record {
	n, _ := p.Loaded()
	out := p.take(min(n, p.pos+MaxBatch))
	p.catchUp = true
	p.rebase()
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
	p.baseOff = p.virtual(p.Now())
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
	p.baseOff = p.virtual(p.Now())
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

// Messages is how many JSON-RPC messages (sent or received) the records
// loaded so far hold.
func (p *Player) Messages() int {
	if p.src == nil {
		return p.messages
	}
	p.src.mu.Lock()
	defer p.src.mu.Unlock()
	return p.src.messages
}

// Paused reports whether the playback clock is stopped.
func (p *Player) Paused() bool { return p.paused }

// Done reports whether every record of the recording has been handed out.
func (p *Player) Done() bool {
	n, done := p.Loaded()
	return done && p.pos >= n
}
