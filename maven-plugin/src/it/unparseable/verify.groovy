import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def broken = new File(basedir, 'src/main/java/com/acme/Broken.java').canonicalPath
assert log.contains("[ERROR] ${broken}:[")
assert log.contains('parse error: ')
// run 1: failOnError=true
assert log.contains('idemcheck: 1 file could not be analysed; see target/idemcheck/idemcheck.sarif '
        + '(set idemcheck.failOnError=false to let the build pass)')
// run 2: failOnError=false
assert log.contains('idemcheck: 1 file could not be analysed; see target/idemcheck/idemcheck.sarif '
        + '(failOnError=false: the build goes on)')
def sarif = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.sarif'))
assert sarif.runs[0].results.findAll { it.level != 'note' }.isEmpty()
def notes = sarif.runs[0].invocations[0].toolExecutionNotifications
assert notes.any { it.locations[0].physicalLocation.artifactLocation.uri == 'src/main/java/com/acme/Broken.java' }
assert log.contains('BUILD SUCCESS')
return true
