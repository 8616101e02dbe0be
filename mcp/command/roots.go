package command

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// ExpandHome puts the home directory in place of a leading "~" or "~/", as
// a shell would: the command line is no shell, and "~/src" offered as
// ./~/src is never what was meant. Other paths come back unchanged.
func ExpandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("%s: the home directory is not known (%v): give the directory's whole path", p, err)
	}
	return filepath.Join(home, p[1:]), nil
}

// RootFromPath turns a directory into the root offered for it: its
// absolute file URI, named by its last element; "~/" is the home
// directory. The directory need not exist: a debugger may offer what the
// server should refuse.
func RootFromPath(p string) (mcp.Root, error) {
	if p == "" {
		// "root ..." as every error here: the CLI prefixes "--" to it
		// (--root ""), which made "--a root needs a directory" of this.
		return mcp.Root{}, fmt.Errorf(`root "": name a directory, e.g. ~/src/project`)
	}
	p, err := ExpandHome(p)
	if err != nil {
		return mcp.Root{}, fmt.Errorf("root %v", err)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return mcp.Root{}, fmt.Errorf("root %s: %v", argQuoted(p), err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return mcp.Root{URI: u.String(), Name: filepath.Base(abs)}, nil
}

// NoDirectory reports whether a root path, "~/" expanded, names no
// directory here (nothing, or a file). Such a root is offered all the
// same, as RootFromPath says; this is what the TUI and the command line
// warn of, as it is more often a typo than a test of the server.
func NoDirectory(p string) bool {
	p, err := ExpandHome(p)
	if err != nil {
		return true
	}
	fi, err := os.Stat(p)
	return err != nil || !fi.IsDir()
}
