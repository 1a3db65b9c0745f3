package org.rpcbench.command;

import java.util.ArrayList;
import java.util.List;

/** A command line split into words as a POSIX shell would: quotes honoured, a # at a word's start a comment, a final & dropped. */
final class ShellWords {
    private ShellWords() {}

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("an unclosed quote in: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (!words.isEmpty() && words.get(words.size() - 1).equals("&")) {
            words.remove(words.size() - 1);
        }
        return words;
    }
}
