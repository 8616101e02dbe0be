package history

import (
	"context"
	"testing"
	"time"
)

// testCtx bounds what a test waits for on a live server: 20 seconds, far
// beyond any answer on 127.0.0.1, so a hang fails the test instead of
// stalling the run. It ends when the test does.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}
