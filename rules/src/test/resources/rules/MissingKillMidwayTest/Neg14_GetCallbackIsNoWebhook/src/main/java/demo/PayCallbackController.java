package demo;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/payments")
public class PayCallbackController {
    PaymentService paymentService;

    @GetMapping("/provider/callback")
    public void onProviderCallback(@RequestBody ProviderResult result) {
        paymentService.complete(result.getReference(), result.getStatus());
    }
}
