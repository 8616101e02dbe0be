package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// lastRecording is the word replay and export take for the recording in
// the sessions directory written to last (history.LastWritten): the
// session just quit, though an exec begun during it started later.
const lastRecording = "last"

// shownNewest is how many of the newest recordings a replay or export
// given no FILE names, to copy one from.
const shownNewest = 3

// noRecordingsYet says that dir, the sessions directory, holds no
// recording, and how to make one: in one wording wherever a command looks
// for one there.
func noRecordingsYet(dir string) string {
	return "no recordings in " + dir + " yet: run mcpscope or mcpscope exec to make one"
}

// recordingArgs takes the one recording FILE of replay and export. Given
// none, it says what to give and names the newest recordings, where the
// user was only sent to mcpscope sessions to find one.
func recordingArgs(example string) cobra.PositionalArgs {
	one := needArgs(1, 1, "one recording FILE (or last, the one written to last)", example)
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 0 {
			return one(cmd, args)
		}
		if file, readAs := gluedFile(cmd); file != "" {
			return dashFileError(cmd, []string{file}, readAs)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s needs a recording: give its FILE, or last for the one written to last (mcpscope %s last)", cmd.Name(), cmd.Name())
		dir, err := history.DefaultDir()
		var infos []history.SessionInfo
		if err == nil {
			infos, err = history.List(dir)
			infos = history.Recordings(infos)
		}
		switch {
		case err != nil:
			fmt.Fprintf(&b, "; %v", err)
		case len(infos) == 0:
			b.WriteString("; " + noRecordingsYet(dir))
		default:
			b.WriteString("; the newest:")
			for _, s := range infos[:min(len(infos), shownNewest)] {
				b.WriteString("\n  " + sanitize.Line(s.Path))
			}
			if len(infos) > shownNewest {
				fmt.Fprintf(&b, "\n(mcpscope sessions lists all %d)", len(infos))
			}
		}
		return &exitError{exitUsage, fmt.Errorf("%s\nrun '%s --help' for usage", b.String(), cmd.CommandPath())}
	}
}

// recordingPath is the file a recording argument names: itself (a bare
// name may be in the sessions directory: inSessionsDir), or for last the
// recording written to last, said on note so that what was replayed,
// exported or re-run is never a guess. A file named
// last in the working directory makes the word ambiguous, and it is
// refused rather than either read.
func recordingPath(arg string, note io.Writer) (string, error) {
	if arg != lastRecording {
		return inSessionsDir(arg, note), nil
	}
	if _, err := os.Lstat(arg); err == nil {
		return "", errors.New(`"last" is both a file here and the word for the recording written to last: give ./last for the file, or the newest's path (mcpscope sessions lists them)`)
	}
	dir, err := history.DefaultDir()
	if err != nil {
		return "", err
	}
	infos, err := history.List(dir)
	if err != nil {
		return "", err
	}
	// A transcript export wrote there is passed over: it was taken
	// for last, the newest file, and then refused as no recording.
	last, ok := history.LastWritten(history.Recordings(infos))
	if !ok {
		return "", errors.New("last: " + noRecordingsYet(dir))
	}
	fmt.Fprintf(note, "note: last is %s, the recording written to last\n", sanitize.Line(last.Path))
	return last.Path, nil
}

// inSessionsDir is the recording a bare file name names: the file of that
// name here, else the one of that name (.jsonl may be left off) in the
// sessions directory, said on note. A name copied from a listing or from
// a teammate ("2026-11-27T14-10-15_localhost-8811.jsonl") was refused as
// no file, from a directory that holds it. Anything else is arg itself.
func inSessionsDir(arg string, note io.Writer) string {
	if arg == "" || filepath.Base(arg) != arg || arg == "." || arg == ".." {
		return arg
	}
	if _, err := os.Lstat(arg); !errors.Is(err, os.ErrNotExist) {
		return arg
	}
	dir, err := history.DefaultDir()
	if err != nil {
		return arg
	}
	for _, name := range []string{arg, arg + ".jsonl"} {
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			fmt.Fprintf(note, "note: %s is %s, in the sessions directory\n", sanitize.Line(arg), sanitize.Line(path))
			return path
		}
	}
	return arg
}
