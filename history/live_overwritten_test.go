package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestLiveLogOverwrittenRecordingNamesNoOtherRecord: a live Log reads its
// records back from the recording; when something rewrites the file under
// it with the same lines in another order (same sizes, so every line still
// decodes), an entry shows an error saying the file changed, never another
// record's content as its own.
func TestLiveLogOverwrittenRecordingNamesNoOtherRecord(t *testing.T) {
	path, rec, l := liveRecording(t)
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i, text := range []string{"alpha", "bravo", "charl"} {
		r := mcp.Record{Seq: int64(i + 1), Time: t0, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: text}}
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
		l.Append(r)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) < 4 || len(lines[2]) != len(lines[3]) {
		t.Fatalf("want the 2nd and 3rd records' lines of one size, got %q", lines)
	}
	lines[2], lines[3] = lines[3], lines[2]
	// Rewritten in place, as `cat other > file` does: the Log's open file
	// sees the new content.
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o600); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"alpha", "bravo", "charl"} {
		got := l.At(i)
		if got == nil || got.Error == nil {
			t.Fatalf("At(%d) = %+v, want a record", i, got)
		}
		if got.Error.Message == want {
			continue
		}
		if got.Error.Op != "read" || !strings.Contains(got.Error.Message, path) {
			t.Errorf("At(%d) shows %q (seq %d) as record %d's content; want %q or an error saying the file changed", i, got.Error.Message, got.Seq, i+1, want)
		}
	}
}

// A recording emptied while it is written (`: > file`) is written on at
// the Recorder's offset, so the lines the Log indexed read back as zeros:
// an entry says the file was emptied, not that a NUL is no JSON.
func TestLiveLogEmptiedRecordingSaysSo(t *testing.T) {
	path, rec, l := liveRecording(t)
	write := func(seq int64) {
		r := mcp.Record{Seq: seq, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: "m"}}
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
		l.Append(r)
	}
	write(1)
	flushRecorder(t, rec)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	write(2)
	if err := rec.Close(); err == nil {
		t.Error("Close() of a recording emptied under it = nil, want an error")
	}
	got := l.At(0)
	if got == nil || got.Error == nil || !strings.Contains(got.Error.Message, "was emptied while it was read back: line 2") {
		t.Errorf("At(0) of an emptied recording = %+v, want an error saying it was emptied", got.Error)
	}
	if got := l.At(1); got == nil || got.Seq != 2 || got.Error == nil || got.Error.Message != "m" {
		t.Errorf("At(1), written after the file was emptied, = %+v, want record 2 as written", got)
	}
}

// A recording cut short while the session still records it is reported as
// cut while it was recorded: nothing was being replayed.
func TestLiveLogCutRecordingSaysRecorded(t *testing.T) {
	path, rec, l := liveRecording(t)
	defer rec.Close()
	for seq := int64(1); seq <= 2; seq++ {
		r := mcp.Record{Seq: seq, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: "m"}}
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
		l.Append(r)
	}
	flushRecorder(t, rec)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header := bytes.IndexByte(data, '\n') + 1
	if err := os.Truncate(path, int64(header)); err != nil {
		t.Fatal(err)
	}
	got := l.At(0)
	if got == nil || got.Error == nil || !strings.Contains(got.Error.Message, "got shorter while it was recorded: line 2") {
		t.Errorf("At(0) of a recording cut to its header = %+v, want an error saying it got shorter while it was recorded", got.Error)
	}
}

// liveRecording creates a recording of a streamable session in a
// temporary folder and the live Log that reads its records back from it,
// as the TUI's when it records; the Log is closed when the test ends.
func liveRecording(t *testing.T) (path string, rec *Recorder, l *Log) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := Create(path, Header{URL: "http://127.0.0.1:1/mcp", Transport: mcp.TransportStreamable, Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l = rec.NewLog()
	t.Cleanup(func() { l.Close() })
	return path, rec, l
}

// flushRecorder writes out what rec holds buffered, so the file has every
// record written so far, as the Recorder does when it flushes on its own.
func flushRecorder(t *testing.T, rec *Recorder) {
	t.Helper()
	rec.mu.Lock()
	err := rec.w.Flush()
	rec.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
}
