// Package waitnote says what a wait is for once it takes long enough to
// be noticed: a quit that says nothing for a second looks hung.
package waitnote

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// After is how long a wait may take before it is said: the same for every
// wait a user sits through, so that each is said alike.
const After = 300 * time.Millisecond

// Say writes line (and a newline) to w once after has passed, unless the
// stop it returns is called first. Once stop returns, nothing more is
// written: what the caller says next (that it stopped waiting, an error)
// comes after the note, never before it.
func Say(w io.Writer, after time.Duration, line string) (stop func()) {
	var mu sync.Mutex
	stopped := false
	t := time.AfterFunc(after, func() {
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			fmt.Fprintln(w, line)
		}
	})
	return func() {
		t.Stop()
		mu.Lock()
		stopped = true
		mu.Unlock()
	}
}
