package proxy

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// recordingProxy is a proxy that records each client's session to a file
// of its own, as `mcpscope proxy` does.
type recordingProxy struct {
	*Proxy
	dir   string   // the folder of the recordings
	w     *watched // each client's records, as they are recorded
	mu    sync.Mutex
	paths []string
	done  sync.WaitGroup
}

// newRecordingProxy starts a proxy to upstream that records every client
// in a temporary folder, with the record options opts gives for it.
func newRecordingProxy(t *testing.T, upstream string, opts func(*Client) history.RecordOptions) *recordingProxy {
	t.Helper()
	rp := &recordingProxy{dir: t.TempDir(), w: newWatched()}
	p, err := New(Config{Upstream: upstream, OnStart: func(c *Client) {
		path := filepath.Join(rp.dir, fmt.Sprintf("client-%d.jsonl", c.ID))
		rec, err := history.Create(path, history.Header{URL: c.Upstream, Transport: c.Transport, Started: c.Started}, opts(c))
		if err != nil {
			t.Error(err)
			return
		}
		rp.mu.Lock()
		rp.paths = append(rp.paths, path)
		rp.mu.Unlock()
		rp.done.Add(1)
		go func() {
			defer rp.done.Done()
			rp.w.follow(c, history.Tee(c.Records(), rec, func(err error) { t.Error(err) }))
		}()
	}})
	if err != nil {
		t.Fatal(err)
	}
	rp.Proxy = p
	return rp
}

// closeAndWait closes the proxy, waits until every recording is written
// and returns their paths, in the order the clients came.
func (rp *recordingProxy) closeAndWait() []string {
	rp.Close()
	rp.done.Wait()
	rp.mu.Lock()
	defer rp.mu.Unlock()
	return rp.paths
}

// onlyRecording closes the proxy, waits until its recordings are written
// and returns the path and the bytes of the one recording its one client
// made.
func (rp *recordingProxy) onlyRecording(t *testing.T) (string, []byte) {
	t.Helper()
	paths := rp.closeAndWait()
	if len(paths) != 1 {
		t.Fatalf("%d recordings, want one for the one client", len(paths))
	}
	b, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	return paths[0], b
}

// replayed is the Log of the recording at path, loaded whole, as a replay
// of it reads it, and the recording's header.
func replayed(t *testing.T, path string) (*history.Log, history.Header) {
	t.Helper()
	player, err := history.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer player.Close()
	if err := player.Wait(); err != nil {
		t.Fatal(err)
	}
	log := history.NewLog()
	log.Append(player.JumpEnd()...)
	return log, player.Header()
}
