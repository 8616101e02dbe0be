package history

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A replay of a run of keep-alives whose blocks differ in length (`: ping
// 9`, `: ping 10`, ..., `id: 99`, `id: 100`) says the bytes the live view
// said, in its status bar and in the run's row: the blocks between the
// run's first and its newest were counted at the first's size, so a replay
// of a server counting its pings from 1 to 1000 said 1,890 bytes fewer.
func TestReplayRunBytesAreLiveOnes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block func(i int) string
	}{
		{"comments that grow", func(i int) string { return ": ping " + strconv.Itoa(i) + "\n\n" }},
		{"ids alone that grow", func(i int) string { return "id: " + strconv.Itoa(i) + "\n\n" }},
		{"comments that shrink", func(i int) string { return ": ping " + strings.Repeat("-", 1000-i) + "\n\n" }},
		// One run, not a row a block: its row keeps the newest id, the
		// Last-Event-ID a reconnect sends, though pings came after it.
		{"pings and ids alone in turn", func(i int) string {
			if i%2 == 0 {
				return ": ping\n\n"
			}
			return "id: " + strconv.Itoa(i) + "\n\n"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { replayRunBytesAreLiveOnes(t, tc.block) })
	}
}

func replayRunBytesAreLiveOnes(t *testing.T, block func(int) string) {
	const pings = 1000
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	live := recordLive(t, ctx, true, isNote)
	var flood strings.Builder
	want := int64(0)
	for i := 1; i <= pings; i++ {
		flood.WriteString(block(i))
		want += int64(len(block(i)))
	}
	if err := live.Conn.WriteRaw(flood.String()); err != nil {
		t.Fatal(err)
	}
	if err := live.Conn.Message(floodNote(0)); err != nil {
		t.Fatal(err)
	}
	live.wait(t, ctx, "the note after the flood")
	if err := live.Rec.Close(); err != nil {
		t.Fatal(err)
	}
	row := -1
	for i := range live.Log.EventCount() {
		if live.Log.EventRun(i).N == pings {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no row of the live view stands for the %d keep-alives", pings)
	}
	if got := live.Log.EventRun(row).Bytes; got != want {
		t.Errorf("the live view's row of the run says %d bytes, want the %d its blocks hold", got, want)
	}
	for i := pings; i > 1; i-- {
		if newest := strings.TrimSuffix(block(i), "\n\n"); strings.HasPrefix(newest, "id: ") {
			if ev := live.Log.EventRun(row).NewestID; ev == nil || "id: "+ev.ID != newest {
				t.Errorf("the live view's row of the run has the newest id %v, want the newest block of an id's %q", ev, newest)
			}
			break
		}
	}

	p, err := Load(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	replay := p.NewLog()
	playAll(t, p, replay)
	sameRows(t, "the replay", replay, live.Log)
	for i := range live.Log.EventCount() {
		if g, w := replay.EventRun(i).Bytes, live.Log.EventRun(i).Bytes; g != w {
			t.Errorf("the replay's row %d says %d bytes, the live view's %d", i, g, w)
		}
	}
	exported, _, _, err := LoadLog(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer exported.Close()
	sameRows(t, "the export", exported, live.Log)
}
