package main

import (
	"errors"
	"fmt"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// proxyConfig checks the proxy's flags, all before anything listens, and
// before the TUI asks for a terminal: each is the user's to fix in the
// same go.
func proxyConfig(url string, cf *connFlags, pf *proxyFlags) (mcp.Config, error) {
	cfg, err := cf.config(url)
	if err != nil {
		return mcp.Config{}, &exitError{exitUsage, err}
	}
	if err := proxy.CheckListen(pf.listen); err != nil {
		return mcp.Config{}, &exitError{exitUsage, err}
	}
	if pf.maxSess < 0 {
		return mcp.Config{}, &exitError{exitUsage, fmt.Errorf("--max-sessions %d: give a number of client sessions, or 0 for the default (%d)", pf.maxSess, proxy.DefaultMaxSessions)}
	}
	if pf.maxSess == 0 {
		pf.maxSess = proxy.DefaultMaxSessions
	}
	if pf.maxFlight < 0 {
		return mcp.Config{}, &exitError{exitUsage, fmt.Errorf("--max-in-flight %d: give a number of requests and streams, or 0 for the default (%d)", pf.maxFlight, proxy.DefaultMaxInFlight)}
	}
	if pf.noRecord && pf.recordDir != "" {
		return mcp.Config{}, &exitError{exitUsage, errors.New("--record-dir and --no-record contradict each other: pick one")}
	}
	if err := proxyRecordError(pf.record); err != nil {
		return mcp.Config{}, &exitError{exitUsage, err}
	}
	if err := recordDirError(pf); err != nil {
		return mcp.Config{}, &exitError{exitUsage, err}
	}
	return cfg, nil
}
