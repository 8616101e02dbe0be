package history

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// writeLines writes a recording of the test header and these record lines.
func writeLines(t *testing.T, lines ...string) string {
	t.Helper()
	path := record(t, nil, RecordOptions{})
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, l := range lines {
		if _, err := f.WriteString(l + "\n"); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// loaded opens path as a replay, closed when the test ends, once its index
// is built.
func loaded(t *testing.T, path string) *Player {
	t.Helper()
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A replay indexes lines by their skeleton and decodes them as they are
// shown; a line that only then turns out to be damaged is reported by its
// line number, as the loader reports the others, not by the seq it claims
// (which a damaged file may repeat or get wrong).
func TestReplayNamesTheLineOfARecordThatDoesNotDecode(t *testing.T) {
	path := writeLines(t,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"raw":"abc","data_at":[2,99]}}`,
		`{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed"}}`,
	)
	p := loaded(t, path)
	got := p.JumpEnd()
	if len(got) != 2 {
		t.Errorf("played %d records, want the 2 that decode", len(got))
	}
	w := strings.Join(p.Warnings(), "\n")
	if !strings.Contains(w, "line 3 is not a record (data_at [2,99] is outside the event's 3 bytes)") {
		t.Errorf("warnings %q, want one naming line 3 and what is wrong with it", w)
	}
}

// Lines that are JSON but no record are reported, by line and with what is
// wrong, by both readers (the Reader, and a replay that decodes lines as it
// shows them), and the records around them still read.
func TestLinesThatAreNoRecordAreReported(t *testing.T) {
	open := `{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`
	closed := `{"seq":2,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"closed"}}`
	tests := []struct{ name, line, want string }{
		{"a second header", `{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"http://x","started":"2026-11-20T21:57:41Z"}`,
			"line 3 is not a record (it is the header of another recording: two recordings were joined into one file"},
		{"a kind without its member", `{"seq":5,"time":"2026-11-20T21:57:41Z","kind":"received"}`,
			`line 3 is not a record (its kind is "received" but it has no "rpc" member)`},
		{"no kind", `{"seq":5,"time":"2026-11-20T21:57:41Z","state":{"state":"open"}}`,
			`line 3 is not a record (it has no "kind")`},
		{"a kind from the future", `{"seq":5,"time":"2026-11-20T21:57:41Z","kind":"telepathy","telepathy":{}}`,
			`line 3 is not a record (its kind "telepathy" is not one this mcpscope knows (a newer mcpscope may have written it))`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLines(t, open, tt.line, closed)
			got, r := readAll(t, path)
			if w := strings.Join(r.Warnings(), "\n"); len(got) != 2 || !strings.Contains(w, tt.want) {
				t.Errorf("Reader: %d records, warnings %q; want 2 records and %q", len(got), w, tt.want)
			}
			p := loaded(t, path)
			played := p.JumpEnd()
			if w := strings.Join(p.Warnings(), "\n"); len(played) != 2 || !strings.Contains(w, tt.want) {
				t.Errorf("replay: %d records, warnings %q; want 2 records and %q", len(played), w, tt.want)
			}
		})
	}
}

// The listing reads only a skeleton of each line, yet says when two
// recordings were joined into one file, as a replay of it does.
func TestListingSaysTwoRecordingsWereJoined(t *testing.T) {
	path := writeLines(t,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`,
		`{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"http://x","started":"2026-11-20T21:58:41Z"}`,
		`{"seq":1,"time":"2026-11-20T21:58:41Z","kind":"state","state":{"state":"open"}}`,
	)
	infos, err := List(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 1 || !strings.Contains(infos[0].Note, "line 3 is not a record (it is the header of another recording") {
		t.Errorf("List = %+v, want a note saying line 3 is the header of another recording", infos)
	}
}

// A recording cut short while it is replayed ends the replay with an error
// that says so, not a bare EOF.
func TestReplayOfAFileCutShortSaysSo(t *testing.T) {
	path := writeLines(t,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`,
		`{"seq":2,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"closed"}}`,
	)
	p := loaded(t, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, fi.Size()-30); err != nil {
		t.Fatal(err)
	}
	p.JumpEnd()
	if err := p.Err(); err == nil || !strings.Contains(err.Error(), "got shorter while it was replayed: line 3 is no longer there") {
		t.Errorf("Err() = %v, want one saying the file got shorter and which line is gone", err)
	}
}

// A file that is mostly damage is described by its first hundred damaged
// lines and a count of the rest, by the Reader and by a replay alike: a
// sentence per line would hold, and print, as much as the file.
func TestWarningsAboutAMostlyDamagedFileAreBounded(t *testing.T) {
	lines := []string{`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`}
	for i := 0; i < 1000; i++ {
		lines = append(lines, "\x00garbage")
	}
	lines = append(lines, `{"seq":2,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"closed"}}`)
	path := writeLines(t, lines...)
	got, r := readAll(t, path)
	// The last damaged line is named too: it is often what ended the file.
	const rest = "900 more damaged lines were skipped and are not listed; the last: line 1002 is not a record"
	check := func(who string, w []string) {
		t.Helper()
		if len(w) != maxWarnings+1 || !strings.HasPrefix(w[0], "line 3 is not a record") ||
			!strings.HasPrefix(w[maxWarnings], rest) {
			t.Errorf("%s: %d warnings, first %q, last %q; want %d and a count of the rest", who, len(w), w[0], w[len(w)-1], maxWarnings+1)
		}
	}
	if len(got) != 2 {
		t.Errorf("read %d records, want 2", len(got))
	}
	check("Reader", r.Warnings())
	p := loaded(t, path)
	p.JumpEnd()
	check("replay", p.Warnings())
	if p.Damaged() != 1000 {
		t.Errorf("Damaged() = %d, want 1000", p.Damaged())
	}
	infos, err := List(filepath.Dir(path))
	if err != nil || len(infos) != 1 || !strings.HasPrefix(infos[0].Note, "line 1002 is not a record") {
		t.Errorf("sessions: %+v, %v; want the note to name the last damaged line", infos, err)
	}
}

// A header with a damaged field (hand-edited, or from a tool that wrote
// its own) still opens: the field is left out with a warning, and every
// record reads.
func TestAHeaderWithADamagedFieldStillOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.jsonl")
	content := `{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"http://h/sse","started":"yesterday"}` + "\n" +
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}` + "\n"
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	got, r := readAll(t, path)
	if len(got) != 1 || r.Header().URL != "http://h/sse" || r.Header().Version != 2 {
		t.Errorf("read %d records, header %+v; want 1 record and the header's other fields", len(got), r.Header())
	}
	if w := strings.Join(r.Warnings(), "\n"); !strings.Contains(w, `line 1, the header: its "started" is damaged`) {
		t.Errorf("warnings %q, want one saying the header's started is damaged", w)
	}
}

// The NULs a crash can leave in a file, and a line longer than any record,
// are skipped without being read into memory, by the Reader and by a replay;
// the records after them still read. The limit is lowered to 128 MiB, still
// far past the read buffer and the allocation bound below: the real 1 GiB
// would take a minute under -race to scan (TestLongLineJustOverTheLimitSaysByHowMuch
// checks the real limit's words).
func TestHugeDamagedLinesAreNotRead(t *testing.T) {
	defer func(was int64) { maxLine = was }(maxLine)
	maxLine = 128 << 20
	open := `{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`
	closed := `{"seq":2,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"closed"}}`
	tests := []struct {
		name string
		size int64 // of the damaged line, written as a hole in the file (NULs)
		lead string
		want string
	}{
		{"NULs", 64 << 20, "", "line 3 is not a record (64.0 MiB that do not start a JSON object)"},
		{"longer than any record", maxLine + 1, `{"seq":9,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"`,
			"line 3 is not a record (it is 134217730 bytes long, longer than any record mcpscope reads (128.0 MiB))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLines(t, open)
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			end, _ := f.Seek(0, io.SeekEnd)
			f.WriteString(tt.lead)
			if _, err := f.WriteAt([]byte("\n"+closed+"\n"), end+tt.size); err != nil {
				t.Fatal(err)
			}
			f.Close()

			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got, r := readAll(t, path)
			runtime.ReadMemStats(&after)
			if w := strings.Join(r.Warnings(), "\n"); len(got) != 2 || !strings.Contains(w, tt.want) {
				t.Errorf("Reader: %d records, warnings %q; want 2 records and %q", len(got), w, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
				t.Errorf("Reader allocated %d MiB for a damaged line of %d MiB", alloc>>20, tt.size>>20)
			}
			p := loaded(t, path)
			runtime.ReadMemStats(&before)
			played := p.JumpEnd()
			runtime.ReadMemStats(&after)
			if w := strings.Join(p.Warnings(), "\n"); len(played) != 2 {
				t.Errorf("replay: %d records, warnings %q; want 2 records", len(played), w)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
				t.Errorf("replay allocated %d MiB for a damaged line of %d MiB", alloc>>20, tt.size>>20)
			}
		})
	}
}
