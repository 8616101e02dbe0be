package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestListSessions(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, h Header, recs int) string {
		t.Helper()
		p := filepath.Join(dir, name)
		rec, err := Create(p, h, RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range fullSession()[:recs] {
			if err := rec.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	older := testHeader()
	older.Started = scriptStart.Add(-time.Hour)
	write("a.jsonl", older, 10)
	full := write("b.jsonl", testHeader(), len(fullSession()))
	if err := os.WriteFile(filepath.Join(dir, "c.jsonl"), []byte("hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a recording"), 0o600); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 3 {
		t.Fatalf("List() gave %d sessions, want 3: %+v", len(infos), infos)
	}
	// The file that is no recording, though the newest, comes after the
	// recordings: it is never last.
	if c := infos[2]; filepath.Base(c.Path) != "c.jsonl" || !c.NotRecording || !strings.Contains(c.Note, "is not an mcpscope recording") {
		t.Errorf("last = %s note %q, want c.jsonl with a note saying it is not a recording", filepath.Base(c.Path), c.Note)
	}
	b := infos[0]
	fi, _ := os.Stat(full)
	if b.Path != full || b.Requests != 6 || b.Errors != 3 || b.Records != 31 || b.Size != fi.Size() ||
		b.Duration != 1350*time.Millisecond || b.URL != "http://localhost:8811/sse" || damageNote(b.Note) != "" {
		t.Errorf("b.jsonl = %+v, want 6 requests, 3 errors (tool error, timeout, rpc error), 31 records, 1.35s", b)
	}
	if a := infos[1]; filepath.Base(a.Path) != "a.jsonl" || a.Requests != 1 || a.Errors != 0 {
		t.Errorf("a.jsonl = %+v, want the older one with 1 request", a)
	}
	if infos, err := List(filepath.Join(dir, "nope")); err != nil || infos != nil {
		t.Errorf("List(missing dir) = %v, %v; want nothing and no error", infos, err)
	}
}

func TestRenderSessions(t *testing.T) {
	infos := []SessionInfo{
		{Path: "/s/2026-11-20T21-57-41_localhost-8811.jsonl", Started: scriptStart, URL: "http://localhost:8811/sse",
			Duration: 95 * time.Second, Requests: 12, Errors: 1, Size: 48 << 10},
		{Path: "/s/broken.jsonl", Started: scriptStart.Add(-time.Hour), Size: 6, Note: "line 2 is cut short\x1b[31m"},
	}
	// Where every row fits, the path is the last column.
	got := RenderSessions(infos, 0)
	want := strings.Join([]string{
		"STARTED              DURATION  REQS  ERRS  SIZE      URL                        FILE",
		"2026-11-20 21:57:41  1m35s     12    1     48.0 KiB  http://localhost:8811/sse  /s/2026-11-20T21-57-41_localhost-8811.jsonl",
		"2026-11-20 20:57:41  -         0     0     6 B       (line 2 is cut short)      /s/broken.jsonl",
		"",
	}, "\n")
	if got != want {
		t.Errorf("RenderSessions(0) =\n%s\nwant\n%s", got, want)
	}
	if got := RenderSessions(infos, 140); got != want {
		t.Errorf("RenderSessions(140) =\n%s\nwant the one-line table", got)
	}
	// At 80 columns each path goes under its row, whole.
	got = RenderSessions(infos, 80)
	want = strings.Join([]string{
		"STARTED              DURATION  REQS  ERRS  SIZE      URL",
		"2026-11-20 21:57:41  1m35s     12    1     48.0 KiB  http://localhost:8811/sse",
		"  /s/2026-11-20T21-57-41_localhost-8811.jsonl",
		"2026-11-20 20:57:41  -         0     0     6 B       (line 2 is cut short)",
		"  /s/broken.jsonl",
		"",
	}, "\n")
	if got != want {
		t.Errorf("RenderSessions(80) =\n%s\nwant\n%s", got, want)
	}
	if got := RenderSessions(nil, 80); got != "no recorded sessions\n" {
		t.Errorf("RenderSessions(nil) = %q", got)
	}
}

// A long URL on a narrow terminal: the rows give up the seconds, the
// duration and the size before the URL is cut; the counts stay, and no row
// is wider than the terminal. The path is never cut.
func TestRenderSessionsFitsTheWidth(t *testing.T) {
	path := "/home/someone/.local/state/mcpscope/sessions/2026-11-20T21-57-41_127.0.0.1-36129.jsonl"
	infos := []SessionInfo{{Path: path, Started: scriptStart, URL: "http://127.0.0.1:36129/stateless",
		Duration: 95 * time.Second, Requests: 12, Errors: 3, Size: 48 << 10}}
	for _, tc := range []struct {
		width      int
		want, gone []string
	}{
		{100, []string{"2026-11-20 21:57:41", "1m35s", "48.0 KiB", "http://127.0.0.1:36129/stateless"}, nil},
		{80, []string{"2026-11-20 21:57 ", "12", "3", "48.0 KiB", "http://127.0.0.1:36129/stateless"}, []string{"21:57:41", "1m35s", "DURATION"}},
		{62, []string{"2026-11-20 21:57 ", "12", "3", "http://127.0.0.1:36129/stateless"}, []string{"48.0 KiB", "SIZE"}},
		{50, []string{"2026-11-20 21:57 ", "12", "3", "http://127.0.0.1:36…"}, []string{"stateless"}},
	} {
		got := RenderSessions(infos, tc.width)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		if len(lines) != 3 || lines[2] != path && lines[2] != "  "+path {
			t.Errorf("at %d columns the path is not on a line of its own, whole:\n%s", tc.width, got)
			continue
		}
		for _, l := range lines[:2] {
			if w := utf8.RuneCountInString(l); w > tc.width {
				t.Errorf("at %d columns a row is %d wide:\n%s", tc.width, w, got)
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("at %d columns the listing lacks %q:\n%s", tc.width, w, got)
			}
		}
		for _, g := range tc.gone {
			if strings.Contains(got, g) {
				t.Errorf("at %d columns the listing still has %q:\n%s", tc.width, g, got)
			}
		}
	}
}

func TestFormatSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1536, "1.5 KiB"}, {20 << 20, "20.0 MiB"}, {3 << 30, "3.0 GiB"}, {2 << 40, "2.0 TiB"}}
	for _, tc := range tests {
		if got := FormatSize(tc.n); got != tc.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// Piped, mcpscope sessions put a recording's note ("still being
// recorded", shortEndNote's) in the URL column, and that row's path out of line
// with every other row's FILE: a note too wide for the column follows the
// path, so the paths line up under FILE.
func TestRenderSessionsKeepsPathsInLineWithANote(t *testing.T) {
	infos := []SessionInfo{
		{Path: "/s/a.jsonl", Started: scriptStart, URL: "http://127.0.0.1:9841/sse", Size: 6, Note: stillRecordingNote},
		{Path: "/s/b.jsonl", Started: scriptStart, URL: "http://127.0.0.1:9841/mcp", Size: 6},
	}
	lines := strings.Split(strings.TrimSuffix(RenderSessions(infos, 0), "\n"), "\n")
	col := strings.Index(lines[0], "FILE")
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l[col:], "/s/") {
			t.Errorf("a path is not under FILE (column %d):\n%s", col, strings.Join(lines, "\n"))
		}
	}
	if !strings.HasSuffix(lines[1], "/s/a.jsonl  ("+shortEndNote(stillRecordingNote)+")") {
		t.Errorf("the note should follow its row's path: %q", lines[1])
	}
}
