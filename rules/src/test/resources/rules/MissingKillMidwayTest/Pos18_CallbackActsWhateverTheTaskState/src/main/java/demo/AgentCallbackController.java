package demo;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

// The twin of Neg19 without the early exit: the handler completes the task whatever its stored state, so a callback
// re-sent after the publish (the first answer lost in a crash) publishes the task event again, and no test covers it.
@RestController
@RequestMapping("/agents")
public class AgentCallbackController {
    TaskDao tasks;
    TaskService taskService;

    @PostMapping("/callback/{taskId}")
    public ResponseEntity<Void> onCallback(@PathVariable String taskId, @RequestBody AgentResult result) { // expect: IDEM007 "taskService.complete()"
        Task task = tasks.findById(taskId);
        if (task == null) {
            return ResponseEntity.notFound().build();
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
