package history

import (
	"math"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// fakeClock is the time a test says it is.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time                { return c.t }
func (c *fakeClock) add(d time.Duration) time.Time { c.t = c.t.Add(d); return c.t }

// timedRecords are records at the given offsets (in ms) from the first.
func timedRecords(ms ...int) []mcp.Record {
	recs := make([]mcp.Record, len(ms))
	for i, m := range ms {
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: scriptStart.Add(time.Duration(m) * time.Millisecond),
			Kind: mcp.KindState, State: &mcp.StateChange{State: "open"}}
	}
	return recs
}

func seqs(recs []mcp.Record) []int64 {
	out := []int64{}
	for _, r := range recs {
		out = append(out, r.Seq)
	}
	return out
}

func newTestPlayer(ms ...int) (*Player, *fakeClock) {
	c := &fakeClock{t: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	p := NewPlayer(Header{}, timedRecords(ms...))
	p.Now = c.now
	return p, c
}

// step is one action on the player and the seqs it should hand out.
type step struct {
	do   func(p *Player, c *fakeClock) []mcp.Record
	want []int64
}

func due(d time.Duration) func(*Player, *fakeClock) []mcp.Record {
	return func(p *Player, c *fakeClock) []mcp.Record { return p.Due(c.add(d)) }
}

func act(f func(p *Player)) func(*Player, *fakeClock) []mcp.Record {
	return func(p *Player, _ *fakeClock) []mcp.Record { f(p); return nil }
}

func TestPlayerPacing(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
	}{
		{"recorded pace", []step{
			{due(0), []int64{1}}, {due(999 * time.Millisecond), []int64{}}, {due(time.Millisecond), []int64{2}},
			{due(3 * time.Second), []int64{3, 4}}, {due(time.Hour), []int64{}},
		}},
		{"double speed", []step{
			{act(func(p *Player) { p.SetSpeed(2) }), []int64{}},
			{due(0), []int64{1}}, {due(500 * time.Millisecond), []int64{2}}, {due(499 * time.Millisecond), []int64{}},
			{due(time.Millisecond), []int64{3}},
		}},
		{"pause stops the clock", []step{
			{due(0), []int64{1}}, {due(500 * time.Millisecond), []int64{}},
			{act((*Player).Pause), []int64{}}, {due(time.Hour), []int64{}},
			{act((*Player).Resume), []int64{}}, {due(499 * time.Millisecond), []int64{}}, {due(time.Millisecond), []int64{2}},
		}},
		{"speed change keeps the position in time", []step{
			{due(0), []int64{1}}, {due(500 * time.Millisecond), []int64{}},
			{act((*Player).Faster), []int64{}}, {due(249 * time.Millisecond), []int64{}}, {due(time.Millisecond), []int64{2}},
		}},
		{"step ignores time and restarts the gap", []step{
			{act((*Player).Pause), []int64{}},
			{func(p *Player, _ *fakeClock) []mcp.Record { return p.Step() }, []int64{1}},
			{func(p *Player, _ *fakeClock) []mcp.Record { return p.Step() }, []int64{2}},
			{act((*Player).Resume), []int64{}}, {due(999 * time.Millisecond), []int64{}}, {due(time.Millisecond), []int64{3}},
		}},
		{"instant", []step{
			{act(func(p *Player) { p.SetSpeed(math.Inf(1)) }), []int64{}}, {due(0), []int64{1, 2, 3, 4}},
		}},
		{"back from instant to 64x", []step{
			{act(func(p *Player) { p.SetSpeed(math.Inf(1)); p.Pause() }), []int64{}},
			{func(p *Player, _ *fakeClock) []mcp.Record { return p.Step() }, []int64{1}},
			{act(func(p *Player) { p.Slower(); p.Resume() }), []int64{}},
			{due(15 * time.Millisecond), []int64{}}, {due(time.Millisecond), []int64{2}},
		}},
		{"jump to the end, then restart", []step{
			{due(0), []int64{1}},
			{func(p *Player, _ *fakeClock) []mcp.Record { return p.JumpEnd() }, []int64{2, 3, 4}},
			{due(time.Hour), []int64{}},
			{act((*Player).Restart), []int64{}}, {due(0), []int64{1}}, {due(time.Second), []int64{2}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, c := newTestPlayer(0, 1000, 2000, 4000)
			for i, s := range tt.steps {
				if got := seqs(s.do(p, c)); !reflect.DeepEqual(got, s.want) {
					t.Fatalf("step %d handed out %v, want %v", i, got, s.want)
				}
			}
		})
	}
}

func TestPlayerControlsState(t *testing.T) {
	p, c := newTestPlayer(0, 10)
	var got []string
	for i := 0; i < 11; i++ {
		got = append(got, p.Speed())
		p.Faster()
	}
	want := []string{"1x", "2x", "4x", "8x", "16x", "32x", "64x", "instant", "instant", "instant", "instant"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Faster steps %v, want %v", got, want)
	}
	got = nil
	for i := 0; i < 11; i++ {
		p.Slower()
		got = append(got, p.Speed())
	}
	want = []string{"64x", "32x", "16x", "8x", "4x", "2x", "1x", "0.5x", "0.25x", "0.25x", "0.25x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Slower steps %v, want %v", got, want)
	}
	for _, bad := range []float64{0, -1, math.NaN()} {
		p.SetSpeed(bad)
		if p.Speed() != "0.25x" {
			t.Errorf("SetSpeed(%v) changed the speed to %s", bad, p.Speed())
		}
	}
	p.Toggle()
	if !p.Paused() {
		t.Errorf("Toggle() did not pause")
	}
	p.Toggle()
	if p.Paused() || p.Done() || p.Position() != 0 || p.Total() != 2 {
		t.Errorf("Paused %v Done %v Position %d Total %d, want playing at 0 of 2", p.Paused(), p.Done(), p.Position(), p.Total())
	}
	p.JumpEnd()
	p.Due(c.now())
	if !p.Done() || p.Position() != 2 || p.Step() != nil {
		t.Errorf("after JumpEnd: Done %v Position %d, want done at 2 with nothing to step", p.Done(), p.Position())
	}
}

func TestPlayerBatchesFloods(t *testing.T) {
	p, c := newTestPlayer(make([]int, 12000)...)
	var sizes []int
	for !p.Done() {
		sizes = append(sizes, len(p.Due(c.add(time.Millisecond))))
	}
	if want := []int{5000, 5000, 2000}; !reflect.DeepEqual(sizes, want) {
		t.Errorf("batches %v, want %v", sizes, want)
	}
}

func TestPlayerLoadsWhilePlaying(t *testing.T) {
	const n = 20000
	ms := make([]int, n)
	for i := range ms {
		ms[i] = i
	}
	path := record(t, timedRecords(ms...), RecordOptions{})
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if got := p.Total(); got < loadBatch {
		t.Errorf("Load returned with %d records in, want at least the first %d", got, loadBatch)
	}
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	if got, done := p.Loaded(); got != n || !done {
		t.Errorf("Loaded() = %d, %v; want %d, true", got, done, n)
	}
	first := p.JumpEnd()
	if len(first) != MaxBatch || first[0].Seq != 1 {
		t.Errorf("JumpEnd handed out %d records from %d, want the first %d", len(first), first[0].Seq, MaxBatch)
	}
	all := append([]mcp.Record(nil), first...)
	for i := 0; !p.Done() && i < n; i++ {
		all = append(all, p.Due(p.Now())...)
	}
	if len(all) != n || all[n-1].Seq != n || !p.Done() {
		t.Errorf("JumpEnd and Due handed out %d records, want all %d at once", len(all), n)
	}
	if p.Header().URL != testHeader().URL {
		t.Errorf("Header().URL = %q", p.Header().URL)
	}
}

func TestPlayerLoadStopsOnClose(t *testing.T) {
	path := record(t, timedRecords(make([]int, 50000)...), RecordOptions{})
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	if n, done := p.Loaded(); !done || n > 50000 {
		t.Errorf("after Close: Loaded() = %d, %v; want loading finished", n, done)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.jsonl")); err == nil {
		t.Errorf("Load(missing file) succeeded")
	}
}

// playAll hands everything p holds to l at once, as G in the replay does.
func playAll(t testing.TB, p *Player, l *Log) {
	t.Helper()
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	l.Append(p.JumpEnd()...)
	for i := 0; !p.Done(); i++ {
		if i > 1e6 {
			t.Fatal("the player never finished")
		}
		l.Append(p.Due(p.Now())...)
	}
}
