package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// recordFlags choose where a live session is recorded.
type recordFlags struct {
	file    string
	off     bool
	secrets bool
}

func (f *recordFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.file, "record", "", "record the session to this file (default: a new file in the sessions directory)")
	fs.BoolVar(&f.off, "no-record", false, "do not record the session")
	fs.BoolVar(&f.secrets, "record-secrets", false, "keep Authorization, Cookie and the bearer token in the recording")
}

// start tees the session's records into a recording unless --no-record.
// The recorder is closed when the record stream ends.
func (f *recordFlags) start(in <-chan []mcp.Record, cfg mcp.Config) (<-chan []mcp.Record, *history.Recorder, error) {
	if f.off {
		if f.file != "" {
			return nil, nil, fmt.Errorf("--record and --no-record contradict each other: pick one")
		}
		return in, nil, nil
	}
	now := time.Now()
	// The URL as the session reads it: typed without a scheme, a URL's
	// password would not parse as one, and so not be redacted.
	u, err := mcp.StreamURL(cfg.URL)
	if err != nil {
		return nil, nil, err
	}
	h := history.Header{MCPScope: versionString(), URL: u.String(), Transport: "sse", Started: now, Host: u.Host}
	opts := history.RecordOptions{Secrets: f.secrets, Tokens: secretsOf(cfg)}
	var rec *history.Recorder
	if f.file != "" {
		rec, err = history.Create(f.file, h, opts)
	} else {
		rec, err = history.CreateIn(history.DefaultDir(), now, u.Host, h, opts)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%v (choose another file with --record FILE, or --no-record)", err)
	}
	path := rec.Path()
	out := history.Tee(in, rec, func(err error) {
		fmt.Fprintf(os.Stderr, "mcpscope: recording to %s failed: %v\n", path, err)
	})
	return out, rec, nil
}

// secretsOf lists the credentials the user gave, so the recording can leave
// them out wherever they turn up (a server may echo a token in a URL or a
// body): the bearer token, the credential of -H Authorization headers, and
// the password of the URL.
func secretsOf(cfg mcp.Config) []string {
	var out []string
	if cfg.Bearer != "" {
		out = append(out, cfg.Bearer)
	}
	for _, name := range []string{"Authorization", "Proxy-Authorization"} {
		for _, v := range cfg.Header.Values(name) {
			// "Bearer T" or "Basic T": the scheme is no secret, T is.
			if _, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && strings.TrimSpace(cred) != "" {
				out = append(out, strings.TrimSpace(cred))
			} else if v != "" {
				out = append(out, v)
			}
		}
	}
	if u, err := mcp.StreamURL(cfg.URL); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && len(pw) >= 4 {
			// Shorter ones would scrub ordinary text; the URL fields are
			// redacted by structure anyway.
			out = append(out, pw)
		}
	}
	return out
}
