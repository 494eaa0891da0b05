package io.idemcheck.maven;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

import java.nio.file.Path;
import java.util.Map;

/**
 * Analyses all modules of the reactor together, once, at the reactor root: calls that cross modules are resolved,
 * and one report (paths relative to the top of the git work tree, else the reactor root) covers the whole build.
 * Run it from the command line ({@code mvn idemcheck:check-aggregate}) or bind it in the root pom with
 * {@code <inherited>false</inherited>}.
 */
@Mojo(name = "check-aggregate", aggregator = true, defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.NONE)
public class CheckAggregateMojo extends AbstractIdemcheckMojo {

    @Override
    protected String goal() {
        return "check-aggregate";
    }

    @Override
    protected void collectSourceDirs(Map<Path, SourceDir> out) {
        for (MavenProject p : session.getProjects()) {
            addProjectDirs(p, out);
        }
    }
}
