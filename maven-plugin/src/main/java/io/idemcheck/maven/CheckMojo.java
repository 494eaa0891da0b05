package io.idemcheck.maven;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

import java.nio.file.Path;
import java.util.Map;

/**
 * Analyses this module's own sources (compile and test source roots, resources) in process and fails the build when
 * findings reach the threshold. Modules with {@code pom} packaging are skipped. Report paths are relative to the top
 * of the git work tree (else the reactor root), as the CLI's are.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.NONE)
public class CheckMojo extends AbstractIdemcheckMojo {

    @Override
    protected String goal() {
        return "check";
    }

    @Override
    protected boolean skipExecution() {
        if ("pom".equals(project.getPackaging())) {
            getLog().info("idemcheck: skipped (pom packaging)");
            return true;
        }
        return false;
    }

    @Override
    protected void collectSourceDirs(Map<Path, SourceDir> out) {
        addProjectDirs(project, out);
    }
}
