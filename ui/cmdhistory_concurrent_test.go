package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// Two mcpscopes saving the history in the same instant both keep their
// line: each save read the file, appended and renamed over it, and the
// rename that came second dropped the line the first had just written.
// Two histories on one file (as two processes have: each its own open
// file, so the lock between them is the one between processes) save at
// once, round after round.
func TestHistorySavedAtOnceByTwoRunsKeepsBoth(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "history")
	a, b := loadHistory(path), loadHistory(path)
	const rounds = 200
	for i := range rounds {
		var wg sync.WaitGroup
		for _, run := range []struct {
			h    *cmdHistory
			name string
		}{{a, "a"}, {b, "b"}} {
			save := run.h.add(fmt.Sprintf("tools/call echo run=%s n=%d", run.name, i))
			wg.Add(1)
			go func() {
				defer wg.Done()
				if msg := save(); msg != nil {
					t.Errorf("saving: %v", saveErr(msg))
				}
			}()
		}
		wg.Wait()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := historyLines(data)
	var lost []string
	for i := range rounds {
		for _, name := range []string{"a", "b"} {
			if line := fmt.Sprintf("tools/call echo run=%s n=%d", name, i); !slices.Contains(lines, line) {
				lost = append(lost, line)
			}
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d of %d lines saved at once were lost from the history, first %q", len(lost), 2*rounds, lost[0])
	}
}
