package history

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// SessionInfo describes one recording for `mcpscope sessions`.
type SessionInfo struct {
	Path     string
	Started  time.Time
	URL      string
	Duration time.Duration // last record's time - start
	Records  int
	Requests int // requests we sent
	Errors   int // error records and answers carrying an error
	Size     int64
	Note     string // why the file could not be read, or what is damaged in it
}

// List describes the recordings (*.jsonl) in dir, newest first. A file that
// cannot be read is listed with a note instead of failing the listing; a
// directory that does not exist yet holds no recordings. Only regular files
// (or links to them) are opened: a FIFO or a device named like a recording
// would block the listing or never end.
func List(dir string) ([]SessionInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list recordings in %s: %w", dir, err)
	}
	var out []SessionInfo
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.HasSuffix(e.Name(), ".jsonl") || !regularEntry(path, e) {
			continue
		}
		out = append(out, describe(path))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Started.Equal(out[j].Started) {
			return out[i].Started.After(out[j].Started)
		}
		return out[i].Path > out[j].Path
	})
	return out, nil
}

// regularEntry reports whether a directory entry is a regular file, following a
// symbolic link, without opening it.
func regularEntry(path string, e os.DirEntry) bool {
	if e.Type().IsRegular() {
		return true
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// recordSummary is the part of a record the listing counts; the listing
// reads only a skeleton of each line (see skimLine), never its payloads.
type recordSummary struct {
	Time time.Time `json:"time"`
	Kind mcp.Kind  `json:"kind"`
	RPC  *struct {
		Class     mcp.Class `json:"class"`
		RPCError  bool      `json:"rpc_error"`
		ToolError bool      `json:"tool_error"`
	} `json:"rpc"`
}

func describe(path string) SessionInfo {
	info := SessionInfo{Path: path}
	fi, err := os.Stat(path)
	if err != nil {
		info.Note = err.Error()
		return info
	}
	info.Size, info.Started = fi.Size(), fi.ModTime()
	r, err := Open(path)
	if err != nil {
		info.Note = err.Error()
		return info
	}
	defer r.Close()
	h := r.Header()
	info.Started, info.URL = h.Started, h.URL
	var last time.Time
	for {
		var s recordSummary
		err := r.skimNext(&s)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			info.Note = err.Error()
			break
		}
		info.Records++
		last = s.Time
		switch {
		case s.Kind == mcp.KindError:
			info.Errors++
		case s.RPC == nil:
		case s.Kind == mcp.KindSent && s.RPC.Class == mcp.ClassRequest:
			info.Requests++
		case s.Kind == mcp.KindReceived && (s.RPC.Class == mcp.ClassResponse || s.RPC.Class == mcp.ClassLate) &&
			(s.RPC.RPCError || s.RPC.ToolError):
			info.Errors++
		}
	}
	if !last.IsZero() && last.After(info.Started) {
		info.Duration = last.Sub(info.Started)
	}
	if r.warnings.last != "" && info.Note == "" {
		info.Note = r.warnings.last
	}
	return info
}

// RenderSessions lays the recordings out as an aligned table.
func RenderSessions(infos []SessionInfo) string {
	if len(infos) == 0 {
		return "no recorded sessions\n"
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STARTED\tDURATION\tREQS\tERRS\tSIZE\tURL\tFILE")
	for _, s := range infos {
		url := sanitize.Line(s.URL)
		if s.Note != "" {
			url = strings.TrimSpace(url + " (" + sanitize.Line(s.Note) + ")")
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\n", s.Started.Format("2006-01-02 15:04:05"),
			sessionDuration(s.Duration), s.Requests, s.Errors, FormatSize(s.Size), url, sanitize.Line(filepath.Base(s.Path)))
	}
	tw.Flush()
	return b.String()
}

// sessionDuration is a session's length in the listing; "-" when the
// recording holds too little to tell.
func sessionDuration(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return FormatDuration(d)
}
