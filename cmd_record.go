package main

import (
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// recordFlags choose where a live session is recorded.
type recordFlags struct {
	file     string
	off      bool
	secrets  bool
	warnings []string // recording problems to show the user
}

func (f *recordFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.file, "record", "", "record the session to this file (default: a new file in the sessions directory)")
	fs.BoolVar(&f.off, "no-record", false, "do not record the session")
	fs.BoolVar(&f.secrets, "record-secrets", false, "keep Authorization, Cookie and the bearer token in the recording")
}

// start tees the session's records into a recording unless --no-record.
// The recorder is closed when the record stream ends.
func (f *recordFlags) start(in <-chan []mcp.Record, rawURL, bearer string) (<-chan []mcp.Record, *history.Recorder, error) {
	if f.off {
		if f.file != "" {
			return nil, nil, fmt.Errorf("--record and --no-record contradict each other: pick one")
		}
		return in, nil, nil
	}
	now := time.Now()
	host := rawURL
	if u, err := mcp.StreamURL(rawURL); err == nil {
		host = u.Host
	} else if u, err := url.Parse(rawURL); err == nil && u.Host != "" {
		host = u.Host
	}
	path := f.file
	if path == "" {
		path = history.NewPath(history.DefaultDir(), now, host)
	}
	rec, err := history.Create(path, history.Header{
		MCPScope: versionString(), URL: rawURL, Transport: "sse", Started: now, Host: host,
	}, history.RecordOptions{Secrets: f.secrets, Bearer: bearer})
	if err != nil {
		return nil, nil, fmt.Errorf("cannot record to %s: %v (choose another file with --record FILE, or --no-record)", path, err)
	}
	out := history.Tee(in, rec, func(err error) {
		fmt.Fprintf(os.Stderr, "mcpscope: recording to %s failed: %v\n", path, err)
	})
	return out, rec, nil
}
