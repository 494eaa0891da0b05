package demo;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

// A remote agent calls back until it gets a success. The handler answers OK and does nothing once the task is no
// longer IN_PROGRESS, and the call that publishes is the one given the task's new status and writing it: a re-sent
// callback after it finds the task done and repeats nothing, so no kill-midway test is owed here: no finding.
@RestController
@RequestMapping("/agents")
public class AgentCallbackController {
    TaskDao tasks;
    TaskService taskService;

    @PostMapping("/callback/{taskId}")
    public ResponseEntity<Void> onCallback(@PathVariable String taskId, @RequestBody AgentResult result) {
        Task task = tasks.findById(taskId);
        if (task == null) {
            return ResponseEntity.notFound().build();
        }
        if (task.getStatus() != Task.Status.IN_PROGRESS) {
            return ResponseEntity.ok().build();
        }
        taskService.complete(task.getId(), toStatus(result.getState()), result.getOutput());
        return ResponseEntity.ok().build();
    }

    private static Task.Status toStatus(String state) {
        return "failed".equals(state) ? Task.Status.FAILED : Task.Status.COMPLETED;
    }
}

class AgentResult {
    private String state;
    private String output;

    public String getState() { return state; }
    public String getOutput() { return output; }
}
