// OpenGotha oracle for bench/opengotha_oracle/compare.py (issue 28).
//
// Loads each OpenGotha tournament file headlessly through OpenGotha's own public API (the jar is
// on the class path; none of its code is copied here) and writes, for each file NAME.xml given:
//
//   OUT/NAME.og.tsv  "#criteria" line (the placement criteria as OpenGotha holds them, long
//                    names), "#rounds" line, then one row per player OpenGotha shows
//                    (Tournament.isPlayerImplied) after each round: round (1-based), place
//                    (ScoredPlayer.positionStrings, blank for the 2nd and later rows of a tie),
//                    key (Player.getKeyString), then every criterion OpenGotha has, as
//                    ScoredPlayer.formatScore prints it after Tournament.orderedScoredPlayersList.
//   OUT/NAME.h9      ExternalDocument.generateH9File(tournament, file, true) (forfeits kept).
//   OUT/NAME.error   instead, when OpenGotha cannot open the file (the exception's text).
//
// Usage: java -Djava.awt.headless=true -cp opengotha.jar:lib/jhall.jar:DIR OgOracle OUT FILE.xml...
//        (or "-" instead of the files: one PATH or NAME<tab>PATH per line on standard input)

import info.vannier.gotha.ExternalDocument;
import info.vannier.gotha.Gotha;
import info.vannier.gotha.PlacementParameterSet;
import info.vannier.gotha.ScoredPlayer;
import info.vannier.gotha.TournamentInterface;
import info.vannier.gotha.TournamentParameterSet;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

public class OgOracle {

    public static void main(String[] args) throws Exception {
        File out = new File(args[0]);
        out.mkdirs();
        List<String> files = new ArrayList<>();
        if (args.length == 2 && args[1].equals("-")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.isEmpty()) files.add(line);
            }
        } else {
            for (int i = 1; i < args.length; i++) files.add(args[i]);
        }
        for (String line : files) {
            // "NAME<tab>PATH" names the outputs; a bare PATH is named by its file name
            int tab = line.indexOf('\t');
            File f = new File(tab < 0 ? line : line.substring(tab + 1));
            String name = tab < 0 ? f.getName().replaceFirst("\\.xml$", "") : line.substring(0, tab);
            try {
                oneFile(f, new File(out, name));
            } catch (Throwable e) {
                StringWriter sw = new StringWriter();
                e.printStackTrace(new PrintWriter(sw));
                Files.write(new File(out, name + ".error").toPath(), sw.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        System.exit(0);  // each Tournament is an exported RMI object, whose thread would keep the JVM up
    }

    static void oneFile(File f, File base) throws Exception {
        TournamentInterface t = Gotha.getTournamentFromFile(f);
        if (t == null) throw new IllegalStateException("OpenGotha could not open " + f);
        TournamentParameterSet tps = t.getTournamentParameterSet();
        PlacementParameterSet pps = tps.getPlacementParameterSet();
        String[] names = PlacementParameterSet.criteriaLongNames();
        int[] uids = new int[names.length];
        for (int i = 0; i < names.length; i++) uids[i] = PlacementParameterSet.criterionUID(names[i]);

        StringBuilder sb = new StringBuilder("#criteria");
        for (int c : pps.getPlaCriteria()) {
            for (int i = 0; i < names.length; i++) if (uids[i] == c) sb.append('\t').append(names[i]);
        }
        int rounds = tps.getGeneralParameterSet().getNumberOfRounds();
        sb.append("\n#rounds\t").append(rounds).append("\nround\tplace\tkey");
        for (String n : names) if (!n.equals("NULL")) sb.append('\t').append(n);
        sb.append('\n');
        for (int rn = 0; rn < rounds; rn++) {
            ArrayList<ScoredPlayer> list = t.orderedScoredPlayersList(rn, pps);
            for (Iterator<ScoredPlayer> it = list.iterator(); it.hasNext(); ) {
                if (!t.isPlayerImplied(it.next())) it.remove();
            }
            String[] place = ScoredPlayer.positionStrings(list, rn, tps);
            for (int i = 0; i < list.size(); i++) {
                ScoredPlayer sp = list.get(i);
                sb.append(rn + 1).append('\t').append(place[i].trim()).append('\t').append(sp.getKeyString());
                for (int k = 0; k < names.length; k++) {
                    if (names[k].equals("NULL")) continue;
                    sb.append('\t').append(sp.formatScore(uids[k], rn));
                }
                sb.append('\n');
            }
        }
        Files.write(new File(base.getPath() + ".og.tsv").toPath(), sb.toString().getBytes(StandardCharsets.UTF_8));
        ExternalDocument.generateH9File(t, new File(base.getPath() + ".h9"), true);
    }
}
