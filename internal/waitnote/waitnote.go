// Package waitnote says what a wait is for once it takes long enough to
// be noticed: a quit that says nothing for a second looks hung. It is the
// one "say it if it takes long", for a line on stderr (Say) and for a
// screen's status bar (Watch).
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

// Look is how often a wait is looked at again, once after has passed, to
// tell whether what it waits for is still out.
const Look = 100 * time.Millisecond

// Say writes line (and a newline) to w once after has passed, unless the
// stop it returns is called first. Once stop returns, nothing more is
// written: what the caller says next (that it stopped waiting, an error)
// comes after the note, never before it.
func Say(w io.Writer, after time.Duration, line string) (stop func()) {
	return Watch(after, nil, func() { fmt.Fprintln(w, line) }, nil)
}

// Watch watches a wait that lasts while out holds (out nil: until stop).
// From after on it looks at out every Look: at the first look out holds,
// say is called, once; at the first look it does not, over is called (if
// not nil) and the looking ends. A wait that was never out when looked at
// is never said: something else being slow is not this wait. With over
// nil, the looking ends once said, as nothing more is to be told. stop
// ends the watch sooner: once it returns, neither say nor over is called
// or running.
func Watch(after time.Duration, out func() bool, say, over func()) (stop func()) {
	var mu sync.Mutex
	stopped, said := false, false
	var t *time.Timer
	look := func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		if out != nil && !out() {
			stopped = true
			if over != nil {
				over()
			}
			return
		}
		if !said {
			said = true
			say()
		}
		if over == nil {
			stopped = true
			return
		}
		t.Reset(Look)
	}
	// Held until t is set, for a first look due at once to find it.
	mu.Lock()
	t = time.AfterFunc(after, look)
	mu.Unlock()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		t.Stop()
	}
}
