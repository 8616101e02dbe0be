package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// newGoneRecorder starts a recording with one record flushed to disk.
func newGoneRecorder(t *testing.T) (*Recorder, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	rec, err := Create(path, Header{URL: "http://127.0.0.1:1/mcp", Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	if err := rec.Write(mcp.Record{Seq: 1, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: "first"}}); err != nil {
		t.Fatal(err)
	}
	flushRecorder(t, rec)
	return rec, path
}

// A recording whose file another program removed, replaced or cut short
// while it was written is not reported as recorded: Close says what
// happened, and so the user is not told "recorded to" a path that holds
// none of it.
func TestRecorderSaysWhenItsFileWasReplacedOrCut(t *testing.T) {
	for _, tc := range goneCases {
		t.Run(tc.name, func(t *testing.T) {
			rec, path := newGoneRecorder(t)
			tc.do(t, path)
			err := rec.Close()
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("Close() = %v, want an error naming %s that says it %s", err, path, tc.want)
			}
		})
	}
	rec, _ := newGoneRecorder(t)
	if err := rec.Close(); err != nil {
		t.Errorf("Close() of an untouched recording = %v", err)
	}
}

// goneCases are what another program can do to a recording while it is
// written, and the words that say it.
var goneCases = []struct {
	name, want string
	do         func(t *testing.T, path string)
}{
	{"removed", "was removed", func(t *testing.T, path string) {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}},
	{"its directory removed", "was removed", func(t *testing.T, path string) {
		if err := os.RemoveAll(filepath.Dir(path)); err != nil {
			t.Fatal(err)
		}
	}},
	{"renamed away", "was moved or renamed", func(t *testing.T, path string) {
		if err := os.Rename(path, path+".kept"); err != nil {
			t.Fatal(err)
		}
	}},
	{"renamed away and another made there", "was moved or renamed", func(t *testing.T, path string) {
		if err := os.Rename(path, path+".kept"); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}},
	{"removed on NFS (renamed to .nfs and hex by the client)", "was removed", func(t *testing.T, path string) {
		// What a Linux NFS client does to a file removed while it is
		// open; the name is known to the recorder through /proc.
		if _, err := os.Stat("/proc/self/fd"); err != nil {
			t.Skip("no /proc/self/fd to name an open file by")
		}
		if err := os.Rename(path, filepath.Join(filepath.Dir(path), ".nfs000000000123abcd00000001")); err != nil {
			t.Fatal(err)
		}
	}},
	{"renamed to a name like NFS's", "was moved or renamed", func(t *testing.T, path string) {
		if err := os.Rename(path, filepath.Join(filepath.Dir(path), ".nfs-kept")); err != nil {
			t.Fatal(err)
		}
	}},
	{"renamed over", "was replaced", func(t *testing.T, path string) {
		other := path + ".other"
		if err := os.WriteFile(other, []byte("someone else's\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(other, path); err != nil {
			t.Fatal(err)
		}
	}},
	{"truncated", "was cut short", func(t *testing.T, path string) {
		if err := os.Truncate(path, 10); err != nil {
			t.Fatal(err)
		}
	}},
	{"emptied and written on", "was cut short", func(t *testing.T, path string) {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		// The recorder writes on at its own offset, so the file
		// grows back to its size with a hole where the records were.
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, st.Size()); err != nil {
			t.Fatal(err)
		}
	}},
}

// The recording's file removed (or its directory), replaced or cut while
// the session goes on is reported as the next record is flushed, while the
// session still runs: it was found only at Close, so the TUI said "● rec"
// to the end and the user learnt at the exit that the records were gone.
func TestTeeReportsAGoneFileWhileTheSessionRuns(t *testing.T) {
	for _, tc := range goneCases {
		t.Run(tc.name, func(t *testing.T) {
			rec, path := newGoneRecorder(t)
			tc.do(t, path)
			in := make(chan []mcp.Record)
			errs := make(chan error, 1)
			out := Tee(in, rec, func(err error) { errs <- err })
			defer func() {
				close(in)
				for range out {
				}
			}()
			in <- []mcp.Record{{Seq: 2, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: "second"}}}
			<-out
			select {
			case err := <-errs:
				if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
					t.Errorf("reported %v, want an error naming %s that says it %s", err, path, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("nothing was reported while the session ran")
			}
		})
	}
}
