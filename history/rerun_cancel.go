package history

import (
	"context"
	"time"
)

// A request the recorded client gave up on (x in the TUI, ctrl+c in exec)
// re-ran to its end: a slow tool's thirty seconds, reported as different
// from the recorded cancellation, and then the recorded
// notifications/cancelled went out naming a request id the live session
// never used. The re-run now gives up on it as the recording did, as long
// after sending it, and the live session tells the server with its own id.

// giveUpAfter is ctx, cancelled d from now.
func giveUpAfter(ctx context.Context, d time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	t := time.AfterFunc(d, cancel)
	return ctx, func() {
		t.Stop()
		cancel()
	}
}
